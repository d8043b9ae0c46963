"""Production: refuses to start without a real SECRET_KEY; hashed static files from collectstatic."""
import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import STORAGES, env_bool

if not os.environ.get("SECRET_KEY"):
    raise ImproperlyConfigured("Set SECRET_KEY in the environment for production.")
DEBUG = env_bool(os.environ, "DEBUG", False)
STATIC_ROOT = BASE_DIR / "staticfiles"  # noqa: F405 - `manage.py collectstatic` fills it
WHITENOISE_USE_FINDERS = False
STORAGES = {**STORAGES, "staticfiles": {
    "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"}}
SESSION_COOKIE_SECURE = env_bool(os.environ, "SECURE_COOKIES", True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
