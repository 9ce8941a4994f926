"""Game reviews: a finished game's decisions of one seat judged by a stronger bot, run in the
background by every server process (`store` the rows, `worker` the ReviewWorker, `api` the routes;
ai/review.py and ai/coach.py do the reviewing)."""

from .api import review_routes
from .store import MAX_QUEUED, ReviewStore, ReviewsBusy, review_json
from .worker import ReviewSettings, ReviewWorker

__all__ = ["MAX_QUEUED", "ReviewSettings", "ReviewStore", "ReviewWorker", "ReviewsBusy", "review_json",
           "review_routes"]
