"""DataHub's service paths beyond the entity API (issue 40, item 3) with DataHub's own client.

The client's server configuration (`/config`: `managedIngestion.defaultCliVersion`, which its upgrade
check compares with its own version, and `datahub check server-config` prints) and its authenticated session against the paths it does not wrap:
proposals serialized by the SDK and written through `/openapi/v2/platform/entities/v1/`, read back with
the SDK; a tracking event and the audit search that finds it and the write; system information; the
throttle.
"""
import asyncio
import json
import time

from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.emitter.serialization_helper import pre_json_transform
from datahub.metadata.schema_classes import DatasetPropertiesClass, GlobalTagsClass, TagAssociationClass
from datahub.upgrade.upgrade import get_server_version_stats
from ingest_support import cli_env, run_cli, tail


def _urn(name: str) -> str:
    return f"urn:li:dataset:(urn:li:dataPlatform:hive,{name},PROD)"


def _openapi_proposal(mcpw: MetadataChangeProposalWrapper) -> dict:
    """An MCP in the shape of DataHub's OpenAPI MetadataChangeProposal: the aspect as an object."""
    obj = pre_json_transform(mcpw.to_obj())
    obj["aspect"] = {"value": json.loads(obj["aspect"]["value"]), "contentType": "application/json"}
    return obj


def test_server_config_gives_the_default_cli_version(graph, server):
    config = graph.server_config
    assert config.default_cli_version, "managedIngestion.defaultCliVersion is empty"
    raw = graph._session.get(f"{server}/config").json()
    assert config.default_cli_version == raw["managedIngestion"]["defaultCliVersion"]
    # The CLI's upgrade check reads it from the server's configuration as it is.
    _, version, default_cli, _, is_cloud = asyncio.run(get_server_version_stats(graph))
    assert default_cli == config.default_cli_version
    assert version is not None and is_cloud is False
    verbose = graph._session.get(f"{server}/config", params={"verbose": "true"}).json()
    assert verbose["userType"] == "user"


def test_cli_check_server_config(server, token, graph):
    done = run_cli(cli_env(server, token), "check", "server-config")
    assert done.returncode == 0, tail(done)
    assert "'defaultCliVersion': '" + graph.server_config.default_cli_version + "'" in done.stdout, tail(done)


def test_platform_entities_writes_sdk_proposals(graph, server, unique):
    urn = _urn(f"platform_sdk_{unique}")
    tag = f"urn:li:tag:platform_{unique}"
    mcps = [
        MetadataChangeProposalWrapper(
            entityUrn=urn, aspect=DatasetPropertiesClass(name=f"p {unique}", description="via platform")
        ),
        MetadataChangeProposalWrapper(entityUrn=urn, aspect=GlobalTagsClass(tags=[TagAssociationClass(tag=tag)])),
    ]
    res = graph._session.post(
        f"{server}/openapi/v2/platform/entities/v1/", json=[_openapi_proposal(m) for m in mcps]
    )
    assert res.status_code == 201, res.text
    assert res.json() == [urn]
    props = graph.get_aspect(urn, DatasetPropertiesClass)
    assert props is not None and props.description == "via platform"
    tags = graph.get_aspect(urn, GlobalTagsClass)
    assert tags is not None and [t.tag for t in tags.tags] == [tag]
    # The same again changes nothing: 200 with no URN, as DataHub answers.
    again = graph._session.post(
        f"{server}/openapi/v2/platform/entities/v1/", json=[_openapi_proposal(m) for m in mcps]
    )
    assert again.status_code == 200 and again.json() == []
    bad = graph._session.post(
        f"{server}/openapi/v2/platform/entities/v1/",
        json=[{**_openapi_proposal(mcps[0]), "aspectName": "noSuchAspect"}],
    )
    assert bad.status_code == 422, bad.text


def test_tracking_and_the_audit_search(graph, server, unique):
    since = int(time.time() * 1000) - 1
    urn = _urn(f"audit_sdk_{unique}")
    graph.emit_mcp(MetadataChangeProposalWrapper(entityUrn=urn, aspect=DatasetPropertiesClass(name=unique)))
    tracked = graph._session.post(
        f"{server}/openapi/v1/tracking/track",
        json={"type": "EntityViewEvent", "entityType": "dataset", "entityUrn": urn},
    )
    assert tracked.status_code == 200, tracked.text
    assert graph._session.post(f"{server}/openapi/v1/tracking/track", json={}).status_code == 400

    def search(body: dict) -> dict:
        res = graph._session.post(
            f"{server}/openapi/v1/events/audit/search",
            params={"startTime": since, "size": 1000},
            json=body,
        )
        assert res.status_code == 200, res.text
        return res.json()

    writes = search({"aspectTypes": ["datasetProperties"], "entityTypes": ["dataset"]})
    mine = [e for e in writes["usageEvents"] if e.get("entityUrn") == urn]
    assert len(mine) == 1
    assert mine[0]["eventType"] == "UpdateAspectEvent"
    assert mine[0]["rawUsageEvent"]["usageSource"] == "backend"
    views = search({"eventTypes": ["EntityViewEvent"]})
    assert [e["entityUrn"] for e in views["usageEvents"] if e.get("entityUrn") == urn] == [urn]
    assert views["count"] == len(views["usageEvents"]) and views["total"] >= views["count"]


def test_system_info_and_the_throttle(graph, server, token):
    info = graph._session.get(f"{server}/openapi/v1/system-info")
    assert info.status_code == 200, info.text
    assert info.json()["springComponents"]["gms"]["name"] == "GMS"
    simple = graph._session.get(f"{server}/openapi/v1/system-info/properties/simple").json()
    assert simple["NEOHUB_MAX_PAGE_SIZE"]
    if token:
        assert token not in json.dumps(simple)
        assert token not in graph._session.get(f"{server}/openapi/v1/system-info/properties").text
    throttle = graph._session.get(f"{server}/openapi/operations/throttle/requests")
    assert throttle.status_code == 200 and throttle.json() == {}
    off = graph._session.post(f"{server}/openapi/operations/throttle/requests/manual", params={"enabled": "false"})
    assert off.status_code == 200 and off.json() == {}
