"""Agents, the tournament runner and statistics. Reaches games only through the registry."""
