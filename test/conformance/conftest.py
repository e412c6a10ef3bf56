"""Fixtures for driving neohub with DataHub's own Python client (acryl-datahub, pinned)."""
import os
import uuid

import pytest

# neohub reports a GMS version of 1.0.1 or later, so clients in SDK mode write through the OpenAPI v3
# entity API: the `emitter` and `graph` fixtures are such clients. A client without a mode, the
# `restli_emitter` fixture and the CLI stay on Rest.li.
os.environ.setdefault("DATAHUB_TELEMETRY_ENABLED", "false")

from datahub.emitter.rest_emitter import DatahubRestEmitter  # noqa: E402
from datahub.ingestion.graph.client import DataHubGraph, DatahubClientConfig  # noqa: E402
from datahub.ingestion.graph.config import ClientMode  # noqa: E402


@pytest.fixture(scope="session")
def server() -> str:
    url = os.environ.get("NEOHUB_GMS_URL")
    if not url:
        pytest.fail("NEOHUB_GMS_URL is not set: run the conformance suite through `npm test`")
    return url.rstrip("/")


@pytest.fixture(scope="session")
def token():
    return os.environ.get("NEOHUB_TOKEN") or None


@pytest.fixture(scope="session")
def emitter(server, token) -> DatahubRestEmitter:
    e = DatahubRestEmitter(gms_server=server, token=token, client_mode=ClientMode.SDK)
    e.test_connection()
    return e


@pytest.fixture(scope="session")
def restli_emitter(server, token) -> DatahubRestEmitter:
    e = DatahubRestEmitter(gms_server=server, token=token, openapi_ingestion=False)
    e.test_connection()
    return e


@pytest.fixture(scope="session")
def graph(server, token) -> DataHubGraph:
    return DataHubGraph(DatahubClientConfig(server=server, token=token, client_mode=ClientMode.SDK))


@pytest.fixture
def unique() -> str:
    """A suffix that keeps this test's URNs apart from every other test and run."""
    return uuid.uuid4().hex[:10]
