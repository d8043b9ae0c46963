"""The fault tests' scale: a few minutes in all by default (CI runs them in both passes), far longer
with `pytest --soak`."""
import pytest


@pytest.fixture
def soak(request) -> bool:
    return request.config.getoption("--soak")
