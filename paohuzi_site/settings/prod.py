"""Production: refuses to start without a real SECRET_KEY (hashed static files from collectstatic, as in base)."""
import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import env_bool

if not os.environ.get("SECRET_KEY"):
    raise ImproperlyConfigured("Set SECRET_KEY in the environment for production.")
DEBUG = env_bool(os.environ, "DEBUG", False)
SESSION_COOKIE_SECURE = env_bool(os.environ, "SECURE_COOKIES", True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
