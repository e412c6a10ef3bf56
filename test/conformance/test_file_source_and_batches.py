"""DataHub's metadata files and batches (docs/decisions/0057): DataHub's file source loads a file of entity
types, data types (one the catalog did not have), structured property definitions using them, forms and a
dataset's forms, as DataHub's example file `test_structured_properties.json` holds them; an asynchronous
batch writes its good items and names the refused ones, a synchronous one is all or nothing; and
neohub's own `ingest -f` keeps the run id of the change events a DataHub file sink wrote."""
import json
import os
import re
import subprocess
import time
from pathlib import Path

import datahub.metadata.schema_classes as m
import pytest
from datahub.configuration.common import OperationalError
from datahub.emitter.mce_builder import make_dataset_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.emitter.rest_emitter import EmitMode
from datahub.ingestion.sink.file import write_metadata_file

from ingest_support import failures, ingest, rest_sink, tail

ROOT = Path(__file__).resolve().parents[2]


def record(entity_type, urn, aspect_name, value):
    """A change proposal as DataHub's example files hold it: the value as a JSON string, no system metadata."""
    return {
        "auditHeader": None, "entityType": entity_type, "entityUrn": urn, "changeType": "UPSERT",
        "aspectName": aspect_name, "aspect": {"value": json.dumps(value), "contentType": "application/json"},
        "systemMetadata": None,
    }


def structured_property_file(unique):
    """The kinds of records of DataHub's example: entity types, data types (`float...` is new to the
    catalog), definitions using them (allowed values, type qualifiers), forms, a form assignment and a
    dataset's forms (naming a form the file does not define)."""
    et = lambda name: f"urn:li:entityType:datahub.{name}"  # noqa: E731
    float_type = f"urn:li:dataType:datahub.float{unique}"
    records = [record("entityType", et(n), "entityTypeInfo",
                      {"qualifiedName": f"datahub.{n}", "displayName": d, "description": "An entity type."})
               for n, d in [("dataset", "Dataset"), ("corpuser", "User"), ("corpGroup", "Group")]]
    records += [record("dataType", u, "dataTypeInfo",
                       {"qualifiedName": u.split(":")[-1], "displayName": d, "description": "A type."})
                for u, d in [("urn:li:dataType:datahub.string", "String"), (float_type, "Number"),
                             ("urn:li:dataType:datahub.urn", "Urn")]]
    prop = lambda i: f"urn:li:structuredProperty:test{unique}.Property{i}"  # noqa: E731
    definitions = [
        {"valueType": "urn:li:dataType:datahub.string", "cardinality": "SINGLE"},
        {"valueType": "urn:li:dataType:datahub.string", "cardinality": "MULTIPLE",
         "allowedValues": [{"value": {"string": "Test 1"}}, {"value": {"string": "Test 2"}}]},
        {"valueType": float_type, "cardinality": "MULTIPLE"},
        {"valueType": float_type, "cardinality": "MULTIPLE",
         "allowedValues": [{"value": {"double": 0.12}}, {"value": {"double": 1}}]},
        {"valueType": "urn:li:dataType:datahub.urn", "cardinality": "MULTIPLE"},
        {"valueType": "urn:li:dataType:datahub.urn", "cardinality": "MULTIPLE",
         "typeQualifier": {"allowedTypes": [et("corpuser")]}},
        {"valueType": "urn:li:dataType:datahub.urn", "cardinality": "MULTIPLE",
         "typeQualifier": {"allowedTypes": [et("corpuser"), et("corpGroup")]}},
    ]
    for i, d in enumerate(definitions, start=1):
        records.append(record("structuredProperty", prop(i), "propertyDefinition", {
            "qualifiedName": f"test{unique}.Property{i}", "displayName": f"Property {i}",
            "entityTypes": [et("dataset")], "description": "My description", **d}))
    prompt = lambda i, required=False: {  # noqa: E731
        "id": f"prompt-{i}", "title": "Select your thing", "description": "Which will you select?",
        "type": "STRUCTURED_PROPERTY", "structuredPropertyParams": {"urn": prop(7)},
        **({"required": True} if required else {})}
    form = lambda n: f"urn:li:form:form-{unique}-{n}"  # noqa: E731
    records += [
        record("form", form(1), "formInfo", {"name": "Verification", "description": "d", "type": "VERIFICATION",
                                             "prompts": [prompt(1), prompt(2)]}),
        record("form", form(2), "formInfo", {"name": "Plain", "description": "d", "prompts": [prompt(1), prompt(2)]}),
        record("form", form(3), "formInfo", {
            "name": "Custom verification", "description": "d", "type": "VERIFICATION",
            "verification": {"type": f"urn:li:verificationType:t{unique}"},
            "prompts": [prompt(1, True), prompt(2, True)]}),
        record("form", form(3), "dynamicFormAssignment", {"filter": {"or": [{"and": [{
            "field": "platform", "condition": "EQUAL", "values": ["urn:li:dataPlatform:snowflake"], "value": ""}]}]}}),
    ]
    stamp = {"actor": "urn:li:corpuser:__datahub_system", "time": 1697585983115}
    dataset = make_dataset_urn("hive", f"forms_{unique}")
    records.append(record("dataset", dataset, "forms", {
        "incompleteForms": [{"urn": form(n), "incompletePrompts": [],
                             "completedPrompts": [{"id": "prompt-2", "lastModified": stamp},
                                                  {"id": "prompt-1", "lastModified": stamp}]}
                            for n in (4, 3)],
        "completedForms": []}))
    return records, {"float_type": float_type, "prop": prop, "form": form, "dataset": dataset}


def test_file_source_loads_definitions_with_the_data_types_the_file_defines(server, token, graph, unique, tmp_path):
    records, names = structured_property_file(unique)
    path = tmp_path / "structured_properties.json"
    path.write_text(json.dumps(records, indent=2))
    recipe = {"source": {"type": "file", "config": {"path": str(path)}}, "sink": rest_sink(server, token)}
    done, report = ingest(server, token, recipe, tmp_path, "file")
    assert done.returncode == 0, tail(done)
    assert failures(report) == {"source": [], "sink": []}, tail(done)
    # The report file is written before the sink has flushed; the sink's summary on stdout is final.
    assert "Pipeline finished successfully" in done.stdout, tail(done)
    written = re.search(r"'total_records_written': (\d+)", done.stdout)
    assert written and int(written.group(1)) >= len(records), tail(done)
    assert re.search(r"'failures': \[\]", done.stdout.split("Sink (datahub-rest) report:")[-1]), tail(done)

    for i in range(1, 8):
        d = graph.get_aspect(names["prop"](i), m.StructuredPropertyDefinitionClass)
        assert d is not None and d.qualifiedName == f"test{unique}.Property{i}", i
    assert graph.get_aspect(names["prop"](3), m.StructuredPropertyDefinitionClass).valueType == names["float_type"]
    assert graph.get_aspect(names["float_type"], m.DataTypeInfoClass) is not None
    info = graph.get_aspect(names["form"](3), m.FormInfoClass)
    assert info is not None and info.type == "VERIFICATION" and [p.required for p in info.prompts] == [True, True]
    assert graph.get_aspect(names["form"](3), m.DynamicFormAssignmentClass) is not None
    forms = graph.get_aspect(names["dataset"], m.FormsClass)
    assert forms is not None and [f.urn for f in forms.incompleteForms] == [names["form"](4), names["form"](3)]

    # A definition naming a data type that is neither built in nor defined is still refused.
    with pytest.raises(OperationalError) as err:
        graph.emit(MetadataChangeProposalWrapper(
            entityUrn=f"urn:li:structuredProperty:undefined{unique}",
            aspect=m.StructuredPropertyDefinitionClass(
                qualifiedName=f"undefined{unique}", valueType=f"urn:li:dataType:datahub.none{unique}",
                entityTypes=["urn:li:entityType:datahub.dataset"])))
    assert "valueType" in str(err.value)


def test_async_batch_writes_the_good_items_and_names_the_refused_one(restli_emitter, graph, unique, tmp_path):
    """DataHub's asynchronous batch checks each item as it writes it; its synchronous batch is one
    transaction. A value of a property whose type is the catalog's own cannot be validated: refused."""
    records, names = structured_property_file(unique)
    definitions = [r for r in records if r["aspectName"] in ("dataTypeInfo", "propertyDefinition")]
    restli_emitter.emit_mcps([m.MetadataChangeProposalClass(
        entityType=r["entityType"], entityUrn=r["entityUrn"], changeType="UPSERT", aspectName=r["aspectName"],
        aspect=m.GenericAspectClass(value=r["aspect"]["value"].encode(), contentType="application/json"))
        for r in definitions], emit_mode=EmitMode.SYNC_PRIMARY)

    def batch(tag):
        good = [make_dataset_urn("hive", f"{tag}_{i}_{unique}") for i in (1, 2)]
        bad = make_dataset_urn("hive", f"{tag}_bad_{unique}")
        mcps = [MetadataChangeProposalWrapper(entityUrn=good[0], aspect=m.StatusClass(removed=False)),
                MetadataChangeProposalWrapper(entityUrn=bad, aspect=m.StatusClass(removed=False)),
                MetadataChangeProposalWrapper(entityUrn=bad, aspect=m.StructuredPropertiesClass(properties=[
                    m.StructuredPropertyValueAssignmentClass(propertyUrn=names["prop"](3), values=[1.5])])),
                MetadataChangeProposalWrapper(entityUrn=good[1], aspect=m.StatusClass(removed=False))]
        return good, bad, mcps

    headers = []
    hook = lambda res, *args, **kwargs: headers.append(res.headers.get("X-Neohub-Failed-Items"))  # noqa: E731
    restli_emitter._session.hooks["response"].append(hook)
    try:
        good, bad, mcps = batch("async")
        restli_emitter.emit_mcps(mcps, emit_mode=EmitMode.ASYNC)
    finally:
        restli_emitter._session.hooks["response"].remove(hook)
    assert all(graph.get_aspect(u, m.StatusClass) is not None for u in good)
    assert graph.get_aspect(bad, m.StatusClass) is not None
    assert graph.get_aspect(bad, m.StructuredPropertiesClass) is None
    failed = json.loads(next(h for h in headers if h))
    assert [(f["index"], f["urn"], f["aspect"]) for f in failed] == [(2, bad, "structuredProperties")]
    assert "cannot be validated" in failed[0]["message"]

    good, bad, mcps = batch("sync")
    with pytest.raises(OperationalError) as err:
        restli_emitter.emit_mcps(mcps, emit_mode=EmitMode.SYNC_PRIMARY)
    assert "cannot be validated" in str(err.value)
    assert all(graph.get_aspect(u, m.StatusClass) is None for u in [*good, bad])


def test_neohub_ingest_keeps_the_run_id_of_change_events(server, token, graph, unique, tmp_path):
    """A file DataHub's file sink wrote (change events with their system metadata): `neohub ingest -f`
    writes each aspect with the record's run id, so `runs show` lists them and a rollback removes them."""
    run_id = f"mce-{unique}"
    urns = [make_dataset_urn("hive", f"mce_{i}_{unique}") for i in (1, 2)]
    events = [m.MetadataChangeEventClass(
        proposedSnapshot=m.DatasetSnapshotClass(urn=u, aspects=[
            m.DatasetPropertiesClass(name=f"mce {u}", description="from a snapshot"),
            m.GlobalTagsClass(tags=[m.TagAssociationClass(tag=f"urn:li:tag:mce{unique}")])]),
        systemMetadata=m.SystemMetadataClass(runId=run_id, lastObserved=1700000000000,
                                             properties={"source": "file-sink"}))
        for u in urns]
    path = tmp_path / "events.json"
    write_metadata_file(path, events)

    env = {**os.environ, "NEOHUB_GMS_URL": server}
    if token:
        env["NEOHUB_GMS_TOKEN"] = token

    def neohub(*args):
        done = subprocess.run(["node", str(ROOT / "dist" / "src" / "cli" / "main.js"), *args], env=env,
                              capture_output=True, text=True, timeout=180)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    assert "Ingested 2 records" in neohub("ingest", "-f", str(path))
    sm = graph.get_entity_raw(urns[0], ["datasetProperties"])["aspects"]["datasetProperties"]["systemMetadata"]
    assert sm["runId"] == run_id and sm["lastObserved"] == 1700000000000
    assert sm["properties"]["source"] == "file-sink"
    shown = neohub("runs", "show", "--run-id", run_id)
    for u in urns:
        assert u in shown
    assert "globalTags" in shown and "datasetProperties" in shown
    assert "of 2 entities" in neohub("runs", "rollback", "--run-id", run_id, "--apply")
    assert all(graph.get_aspect(u, m.DatasetPropertiesClass) is None for u in urns)


def schema(fields):
    return m.SchemaMetadataClass(
        schemaName="db1.nested_struct_test", platform="urn:li:dataPlatform:hive", version=0, hash="",
        platformSchema=m.MySqlDDLClass(tableSchema=""),
        fields=[m.SchemaFieldClass(fieldPath=p, nativeDataType=t, nullable=p != "property_id",
                                   type=m.SchemaFieldDataTypeClass(type=m.StringTypeClass()))
                for p, t in fields])


def test_timeline_as_datahub_words_and_stamps_it(graph, unique):
    """DataHub's timeline of three schema versions with v2 field paths (its own smoke test's case): the
    descriptions name the simple path, and each version stamp names every versioned aspect of the
    dataset (its key too) with its version; a link given twice is added twice."""
    from datahub.cli.timeline_cli import get_timeline

    urn = make_dataset_urn("test", f"timeline_{unique}")
    v2 = "[version=2.0].[type=struct].[type=struct].service"
    provider = f"{v2}.[type=struct].provider"
    base = [("property_id", "int"), (v2, "struct<type:string,provider:struct<name:varchar(50),id:tinyint>>"),
            (f"{v2}.[type=string].type", "string"), (provider, "struct<name:varchar(50),id:tinyint>")]
    versions = [
        base + [(f"{provider}.[type=int].id", "tinyint"), (f"{provider}.[type=string].name", "varchar(50)")],
        base + [(f"{provider}.[type=int].id2", "tinyint"), (f"{provider}.[type=int].id3", "tinyint")],
        base + [(f"{provider}.[type=int].id", "tinyint"), (f"{provider}.[type=string].name", "varchar(50)")],
    ]
    for fields in versions:
        graph.emit(MetadataChangeProposalWrapper(entityUrn=urn, aspect=schema(fields)))
        time.sleep(0.01)
    txs = get_timeline(urn=urn, category=["TECHNICAL_SCHEMA"], start_time=None, end_time=None, diff=False,
                       graph=graph)
    assert [t["semVer"] for t in txs] == ["0.0.0-computed", "1.0.0-computed", "2.0.0-computed"]
    words = [[e["description"] for e in t["changeEvents"]] for t in txs]
    assert "A forwards & backwards compatible change due to the newly added field 'service.provider.name'." in words[0]
    assert sorted(words[1]) == sorted([
        "A forwards & backwards compatible change due to renaming of the field "
        "'service.provider.id to service.provider.id2'.",
        "A forwards & backwards compatible change due to the newly added field 'service.provider.id3'.",
        "A backwards incompatible change due to removal of field: 'service.provider.name'.",
    ])
    assert "A backwards incompatible change due to removal of field: 'service.provider.id3'." in words[2]
    stamps = [dict(part.split(":") for part in t["versionStamp"].split(";")) for t in txs]
    assert [s["schemaMetadata"] for s in stamps] == ["1", "2", "0"]
    assert all(s.get("datasetKey") == "0" for s in stamps), stamps
    assert all(list(s) == sorted(s) for s in stamps)

    link = lambda url: m.InstitutionalMemoryMetadataClass(  # noqa: E731
        url=url, description="runbook", createStamp=m.AuditStampClass(time=0, actor="urn:li:corpuser:ann"))
    graph.emit(MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.InstitutionalMemoryClass(
        elements=[link("https://a.example/x"), link("https://b.example/y"), link("https://a.example/x")])))
    docs = get_timeline(urn=urn, category=["DOCUMENTATION"], start_time=None, end_time=None, diff=False,
                        graph=graph)
    added = [(e["operation"], e["modifier"]) for t in docs for e in t["changeEvents"]]
    assert added == [("ADD", "https://a.example/x"), ("ADD", "https://a.example/x"),
                     ("ADD", "https://b.example/y")]
    assert "institutionalMemory:0" in docs[-1]["versionStamp"].split(";")
