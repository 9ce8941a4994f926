"""One module per revision; Alembic reads them in order of `down_revision`, not by file name."""
