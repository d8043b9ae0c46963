"""Development and the embedded default (`make serve`): debug on unless DEBUG says otherwise."""
import os

from .base import *  # noqa: F403
from .base import env_bool

DEBUG = env_bool(os.environ, "DEBUG", True)
WHITENOISE_AUTOREFRESH = DEBUG
