"""Path converters: an id in a URL is a positive integer that fits a database id
(at most 18 digits), so anything else is a 404 before any query runs."""
from django.urls import register_converter


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(int(value))


register_converter(IdConverter, "id")
