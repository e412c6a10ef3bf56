"""DataHub's CLI files for structured properties: definitions, then a dataset with values on the dataset
and on a column (a schema field exists when its dataset's schema holds it), read back with `dataset get`."""
import json
import os
from pathlib import Path

import yaml

from ingest_support import run_cli


def run(cli_env, *args, cwd=None):
    done = run_cli(cli_env, *args, cwd=cwd, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def test_dataset_upsert_with_column_properties_and_get(server, token, unique, tmp_path: Path):
    env = {**os.environ, "DATAHUB_GMS_URL": server, "DATAHUB_TELEMETRY_ENABLED": "false"}
    if token:
        env["DATAHUB_GMS_TOKEN"] = token
    prop = f"io.neohub.conf{unique}.team"
    (tmp_path / "props.yaml").write_text(yaml.safe_dump([{
        "id": prop, "type": "string", "cardinality": "SINGLE", "display_name": "Team",
        "entity_types": ["dataset", "schemaField"],
    }]))
    (tmp_path / "schema.avsc").write_text(
        '{"type":"record","name":"orders","fields":[{"name":"ip","type":"string"},{"name":"url","type":"string"}]}')
    name = f"cli_cols_{unique}"
    (tmp_path / "ds.yaml").write_text(yaml.safe_dump([{
        "id": name, "platform": "hive",
        "schema": {"file": "schema.avsc", "fields": [{"id": "ip", "structured_properties": {prop: "platform"}}]},
        "structured_properties": {prop: "data"},
    }]))
    run(env, "properties", "upsert", "-f", str(tmp_path / "props.yaml"))
    up = run(env, "dataset", "upsert", "-f", str(tmp_path / "ds.yaml"), cwd=tmp_path)
    assert "Update succeeded" in up.stdout + up.stderr
    out = tmp_path / "out.yaml"
    run(env, "dataset", "get", "--urn", f"urn:li:dataset:(urn:li:dataPlatform:hive,{name},PROD)", "--to-file", str(out))
    got = yaml.safe_load(out.read_text())
    assert got["structured_properties"] == {prop: "data"}
    assert got["schema"]["fields"] == [{"id": "ip", "structured_properties": {prop: "platform"}}]


def test_get_details_and_aspect_counts(server, token, unique, graph, restli_emitter):
    """`datahub get --details` reads each aspect's envelope (name, version, type); get_aspect_counts counts."""
    from datahub.emitter.mce_builder import make_dataset_urn
    from datahub.emitter.mcp import MetadataChangeProposalWrapper
    from datahub.metadata import schema_classes as m

    urns = [make_dataset_urn("hive", f"counts_{unique}_{i}") for i in range(3)]
    for u in urns:
        restli_emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=u, aspect=m.DatasetPropertiesClass(description="d")))
    assert graph.get_aspect_counts("datasetProperties", urn_like=f"%counts_{unique}_%") == 3
    assert graph.get_aspect_counts("datasetProperties", urn_like=f"%counts_{unique}_1%") == 1
    env = {**os.environ, "DATAHUB_GMS_URL": server, "DATAHUB_TELEMETRY_ENABLED": "false"}
    if token:
        env["DATAHUB_GMS_TOKEN"] = token
    done = run(env, "get", "--urn", urns[0], "--details")
    out = json.loads(done.stdout)
    assert out["datasetProperties"]["value"]["description"] == "d"
    assert "systemMetadata" in out["datasetProperties"]
