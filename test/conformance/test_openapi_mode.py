"""DataHub's SDK in OpenAPI mode (the server reports 1.0.1 or later), and the CLI, which stays on Rest.li."""
import json
import os
from pathlib import Path

import datahub.metadata.schema_classes as m
from datahub.emitter.mce_builder import make_dataset_urn, make_tag_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.emitter.rest_emitter import EmitMode
from datahub.specific.dataset import DatasetPatchBuilder

from ingest_support import run_cli


def props(description):
    return m.DatasetPropertiesClass(description=description)


def test_the_sdk_writes_through_openapi(emitter, graph):
    assert emitter._openapi_ingestion is True
    graph.test_connection()
    assert graph._openapi_ingestion is True


def test_emit_mcp_sync_and_async_modes_round_trip(emitter, graph, unique):
    urns = {mode: make_dataset_urn("hive", f"oa_{mode.name.lower()}_{unique}") for mode in EmitMode}
    for mode, urn in urns.items():
        trace = emitter.emit_mcp(
            MetadataChangeProposalWrapper(entityUrn=urn, aspect=props(f"written {mode.name}")), emit_mode=mode
        )
        if mode in (EmitMode.ASYNC, EmitMode.ASYNC_WAIT):
            assert trace is not None and len(trace.trace_id) == 32
    found = graph.get_entities("dataset", list(urns.values()), ["datasetProperties"])
    for mode, urn in urns.items():
        aspect, _system_metadata = found[urn]["datasetProperties"]
        assert aspect.description == f"written {mode.name}"


def test_emit_mcps_upsert_and_patch_batches(emitter, graph, unique):
    urn = make_dataset_urn("hive", f"oa_batch_{unique}")
    emitter.emit_mcps(
        [
            MetadataChangeProposalWrapper(entityUrn=urn, aspect=props("batch")),
            MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.StatusClass(removed=False)),
        ]
    )
    patch = (
        DatasetPatchBuilder(urn)
        .add_tag(m.TagAssociationClass(tag=make_tag_urn(f"a{unique}")))
        .add_tag(m.TagAssociationClass(tag=make_tag_urn(f"b{unique}")))
        .set_description("patched")
        .build()
    )
    emitter.emit_mcps(list(patch), emit_mode=EmitMode.SYNC_PRIMARY)
    emitter.emit_mcp(
        next(iter(DatasetPatchBuilder(urn).remove_tag(make_tag_urn(f"a{unique}")).build())),
        emit_mode=EmitMode.ASYNC_WAIT,
    )
    found = graph.get_entities("dataset", [urn], with_system_metadata=True)[urn]
    aspect, system_metadata = found["globalTags"]
    assert [t.tag for t in aspect.tags] == [make_tag_urn(f"b{unique}")]
    assert system_metadata is not None
    assert found["datasetProperties"][0].description == "patched"
    assert found["status"][0].removed is False


def test_scroll_entities_pages_with_query_and_aspects(emitter, graph, unique):
    platform = f"oascroll{unique}"
    urns = sorted(make_dataset_urn(platform, f"t{i}") for i in range(3))
    emitter.emit_mcps(
        [MetadataChangeProposalWrapper(entityUrn=u, aspect=props(u)) for u in urns], emit_mode=EmitMode.SYNC_WAIT
    )
    seen, scroll_id = [], None
    for _ in range(5):
        page = graph.scroll_entities(
            entity_names=["dataset"],
            aspects=["datasetProperties"],
            query=f"platform:{platform}",
            count=2,
            scroll_id=scroll_id,
        )
        assert page.total_count == 3
        seen += [(urn, aspects["datasetProperties"][0].description) for urn, aspects in page.entities.items()]
        scroll_id = page.scroll_id
        if not scroll_id:
            break
    assert seen == [(u, u) for u in urns]


def test_related_entities_and_relationship_scroll(emitter, graph, unique):
    up = make_dataset_urn("hive", f"oa_up_{unique}")
    downs = [make_dataset_urn("hive", f"oa_down{i}_{unique}") for i in range(2)]
    emitter.emit_mcps(
        [
            MetadataChangeProposalWrapper(
                entityUrn=d,
                aspect=m.UpstreamLineageClass(upstreams=[m.UpstreamClass(dataset=up, type="TRANSFORMED")]),
            )
            for d in downs
        ]
    )
    related = list(graph.get_related_entities(up, ["DownstreamOf"], graph.RelationshipDirection.INCOMING))
    assert sorted(r.urn for r in related) == sorted(downs)
    result = graph.scroll_relationships(relationship_types=["DownstreamOf"], destination_urns=[up])
    assert sorted(r.source_urn for r in result.relationships) == sorted(downs)
    assert all(r.destination_urn == up and r.relationship_type == "DownstreamOf" for r in result.relationships)
    assert all(r.source_entity_type == "dataset" for r in result.relationships)


def test_cli_put_and_get_stay_on_restli(server, token, unique, tmp_path: Path):
    urn = make_dataset_urn("hive", f"oa_cli_{unique}")
    data = tmp_path / "props.json"
    data.write_text(json.dumps({"description": "from the CLI", "customProperties": {"k": "v"}}))
    env = {**os.environ, "DATAHUB_GMS_URL": server, "DATAHUB_TELEMETRY_ENABLED": "false"}
    if token:
        env["DATAHUB_GMS_TOKEN"] = token
    put = run_cli(env, "put", "aspect", "--urn", urn, "-a", "datasetProperties", "-d", str(data))
    assert put.returncode == 0, put.stderr
    got = run_cli(env, "get", "urn", "--urn", urn, "-a", "datasetProperties")
    assert got.returncode == 0, got.stderr
    out = json.loads(got.stdout)
    assert out["datasetProperties"]["description"] == "from the CLI"
    assert out["datasetProperties"]["customProperties"] == {"k": "v"}
