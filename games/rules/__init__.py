"""The Paohuzi rules engine (RULES.md). Pure Python: nothing below this package imports Django."""
