"""Development and the embedded default (`make serve`): debug on unless DEBUG says otherwise."""
import os

from .base import *  # noqa: F403
from .base import env_bool

DEBUG = env_bool(os.environ, "DEBUG", True)
# While debugging, the unhashed files from the apps' folders, re-read on each request (Django's {% static %}
# names them so with DEBUG on); with DEBUG off, collectstatic's hashed and compressed ones (make serve).
WHITENOISE_USE_FINDERS = WHITENOISE_AUTOREFRESH = DEBUG
