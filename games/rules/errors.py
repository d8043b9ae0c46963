"""The engine's refusals: a stable code and its parameters, with English text for the CLI.

A subclass lists its codes in TEXTS (code → English template, formatted with the parameters). The web
layer never shows that text: it translates the code (games.reasons), so a Chinese page is Chinese.
Parameters are plain values a message can show: card faces as text ("二", "一二三"), seats, numbers.
"""
from __future__ import annotations


class Refusal(ValueError):
    TEXTS: dict[str, str] = {}

    def __init__(self, code: str, **params) -> None:
        if code not in self.TEXTS:
            raise KeyError(f"{type(self).__name__} has no code {code!r}")
        self.code, self.params = code, params
        super().__init__(self.TEXTS[code].format(**params))
