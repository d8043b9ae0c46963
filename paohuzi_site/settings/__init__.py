"""Settings package: `base` holds everything, `dev` / `test` / `prod` adjust it.

Which database and channel layer run is chosen by environment variables only (see `base.py`):
no variable → SQLite + in-memory layer; `DATABASE_URL` → PostgreSQL; `REDIS_URL` → channels-redis.
"""
