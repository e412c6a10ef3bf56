"""Schemathesis hooks of `npm test` (scripts/python-suites.mjs loads them through SCHEMATHESIS_HOOKS).

URN-typed fields carry neohub's generic URN pattern (`URN_PATTERN` in
rest-compat/openapi/document/json-schema.ts): `urn:li:<type>:<id>`, the id a tuple or plain text with its
parentheses balanced four levels deep. Drawing strings from that regular expression took two fifths of
schemathesis' time. The fuzzed document marks those fields with the format `neohub-urn` as well, and the
strategy below builds the same language directly: any characters but parentheses, tuples nested to the
same depth. Schemathesis still keeps only the values the pattern admits, and still checks every answer
against the served document's own patterns.
"""
import os

import requests
import schemathesis
from hypothesis import strategies as st

# Any character the pattern's `[^()]` admits (lone surrogates cannot be sent in JSON).
_CHAR = st.characters(blacklist_characters="()", blacklist_categories=("Cs",))
_TEXT = st.text(_CHAR, min_size=1, max_size=12)
# The registry's entity kinds (scripts/python-suites.mjs passes them); _TYPE adds made-up names too.
_KINDS = [k for k in os.environ.get("NEOHUB_ENTITY_KINDS", "dataset").split(",") if k]


def _group(depth: int) -> st.SearchStrategy[str]:
    """`(...)`: one to four parts, text or groups up to `depth` levels deep (the server refuses empty parts)."""
    inner = _TEXT if depth == 1 else st.one_of(_TEXT, _group(depth - 1))
    return st.lists(inner, min_size=1, max_size=4).map(lambda parts: "(" + ",".join(parts) + ")")


_TYPE = st.one_of(st.sampled_from(_KINDS), st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,12}", fullmatch=True))
_ID = st.one_of(
    _group(4),
    st.tuples(_CHAR, st.lists(st.one_of(_TEXT, _group(3)), max_size=3).map("".join)).map("".join),
)

schemathesis.openapi.format("neohub-urn", st.builds(lambda t, i: f"urn:li:{t}:{i}", _TYPE, _ID))


# The manual throttle of API writes (DataHub's `/openapi/operations/throttle/requests/manual`): a case that
# turns it on would leave every later write of the run refused with 429 (it lasts until an Admin lifts it),
# and half the operations' logic untested. Each call is answered and checked as drawn; then the throttle
# is lifted again, through the same route, before the next case.
_THROTTLE = "/openapi/operations/throttle/requests/manual"


@schemathesis.hook
def after_call(context, case, response):
    if case.operation.path != _THROTTLE or case.method.upper() != "POST":
        return
    lifted = requests.post(
        os.environ["NEOHUB_URL"] + _THROTTLE,
        params={"enabled": "false"},
        headers={"Authorization": f"Bearer {os.environ['NEOHUB_TOKEN']}"},
        timeout=30,
    )
    lifted.raise_for_status()
