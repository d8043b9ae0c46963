"""The `<id:…>` path converter of every route that takes a row id (pages and websockets): a longer id
than the database can hold is a 404 of the URL (an unrouted socket), not an overflow in the query."""
from django.urls import register_converter


class RowId:
    """A row id as the database can hold it (a 64-bit key, so at most 18 digits)."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(value)


register_converter(RowId, "id")
