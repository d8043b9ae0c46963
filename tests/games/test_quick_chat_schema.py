"""The quick chat's message (issue 22, docs/protocol.md#quick-chat): a phrase of the fixed list, never
free text; anything else is refused by the one schema before it reaches the consumer."""
import json

import pytest

from games.live import messages


@pytest.mark.parametrize("text", [
    '{"op": "chat", "phrase": "hurry"}', '{"op": "chat", "phrase": "smile"}'])
def test_a_phrase_of_the_list_fits_the_schema(text):
    assert messages.parse(text).phrase == json.loads(text)["phrase"]


@pytest.mark.parametrize("text", [
    '{"op": "chat"}', '{"op": "chat", "phrase": ""}', '{"op": "chat", "phrase": "你好，我是骗子"}',
    '{"op": "chat", "phrase": "HURRY"}', '{"op": "chat", "phrase": ["hurry"]}', '{"op": "chat", "phrase": 3}'])
def test_anything_but_a_phrase_of_the_list_is_refused(text):
    with pytest.raises(messages.BadMessage):
        messages.parse(text)
