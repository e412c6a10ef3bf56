"""DataHub's MCP server, unchanged, against neohub (issue 37): its tools over an estate written by DataHub's
own client, its file source and its SQLite source, as an AI agent calls them (stdio, through the MCP
client)."""
import json
import uuid

from datahub.emitter.mce_builder import make_dataset_urn, make_schema_field_urn, make_tag_urn, make_term_urn, make_user_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.metadata import schema_classes as m

from ingest_support import ingest, make_sqlite_db, rest_sink
from mcp_support import run_tools
from test_ingest_sqlite import assert_clean_run, sqlite_dataset, sqlite_recipe
from test_search_helpers import wait_for_index


def schema(fields):
    return m.SchemaMetadataClass(
        schemaName="t", platform="urn:li:dataPlatform:postgres", version=0, hash="",
        platformSchema=m.OtherSchemaClass(rawSchema=""),
        fields=[m.SchemaFieldClass(fieldPath=f, type=m.SchemaFieldDataTypeClass(type=m.StringTypeClass()), nativeDataType="text", description=f"the {f} column") for f in fields],
    )


def estate(emitter, graph, unique):
    """Two tables, one built from the other (table and column lineage), with owners, tags, a term, a domain."""
    word = f"mcpest{unique}"
    raw = make_dataset_urn("postgres", f"{word}.raw_orders")
    orders = make_dataset_urn("postgres", f"{word}.orders")
    user = make_user_urn(f"mcp_{unique}")
    tag = make_tag_urn(f"mcp_{unique}")
    term = make_term_urn(f"mcp_{unique}")
    domain = f"urn:li:domain:mcp_{unique}"
    audit = m.AuditStampClass(time=1700000000000, actor=user)
    mcps = [
        MetadataChangeProposalWrapper(entityUrn=user, aspect=m.CorpUserInfoClass(active=True, displayName="Mcp User", email="mcp@example.com")),
        MetadataChangeProposalWrapper(entityUrn=tag, aspect=m.TagPropertiesClass(name=f"mcp_{unique}")),
        MetadataChangeProposalWrapper(entityUrn=term, aspect=m.GlossaryTermInfoClass(definition="money", termSource="INTERNAL", name="Revenue")),
        MetadataChangeProposalWrapper(entityUrn=domain, aspect=m.DomainPropertiesClass(name=f"Finance {unique}")),
    ]
    for urn, name in [(raw, "raw_orders"), (orders, "orders")]:
        mcps += [
            MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.DatasetPropertiesClass(name=name, description=f"{word} {name} table")),
            MetadataChangeProposalWrapper(entityUrn=urn, aspect=schema(["id", "amount"])),
            MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.OwnershipClass(owners=[m.OwnerClass(owner=user, type="TECHNICAL_OWNER")])),
        ]
    mcps += [
        MetadataChangeProposalWrapper(entityUrn=orders, aspect=m.GlobalTagsClass(tags=[m.TagAssociationClass(tag=tag)])),
        MetadataChangeProposalWrapper(entityUrn=orders, aspect=m.GlossaryTermsClass(terms=[m.GlossaryTermAssociationClass(urn=term)], auditStamp=audit)),
        MetadataChangeProposalWrapper(entityUrn=orders, aspect=m.DomainsClass(domains=[domain])),
        MetadataChangeProposalWrapper(entityUrn=orders, aspect=m.UpstreamLineageClass(
            upstreams=[m.UpstreamClass(dataset=raw, type="TRANSFORMED", auditStamp=audit)],
            fineGrainedLineages=[m.FineGrainedLineageClass(
                upstreamType="FIELD_SET", downstreamType="FIELD",
                upstreams=[make_schema_field_urn(raw, "amount")], downstreams=[make_schema_field_urn(orders, "amount")],
            )],
        )),
    ]
    emitter.emit_mcps(mcps)
    wait_for_index(graph, {"input": word, "entity": "dataset", "start": 0, "count": 10}, 2)
    return dict(word=word, raw=raw, orders=orders, user=user, tag=tag, term=term, domain=domain)


def test_tools_answer_what_was_ingested(emitter, graph, server, token, unique):
    e = estate(emitter, graph, unique)
    names, [search, entities, fields, me] = run_tools(server, token, [
        ("search", {"query": e["word"], "num_results": 10}),
        ("get_entities", {"urns": [e["orders"], e["domain"], e["term"], e["user"]]}),
        ("list_schema_fields", {"urn": e["orders"]}),
        ("get_me", {}),
    ])
    assert {"search", "get_entities", "get_lineage", "list_schema_fields", "get_me", "add_tags", "update_description"} <= set(names), names
    for r in [search, entities, fields, me]:
        assert not r.is_error, r.text[:2000]
    found = {x["entity"]["urn"] for x in search.json()["searchResults"]}
    assert {e["orders"], e["raw"]} <= found
    assert e["orders"] in entities.text and "Finance" in entities.text and "Revenue" in entities.text
    assert "amount" in fields.text and "the amount column" in fields.text


def test_lineage_tools(emitter, graph, server, token, unique):
    e = estate(emitter, graph, unique)
    _, [upstream, downstream] = run_tools(server, token, [
        ("get_lineage", {"urn": e["orders"], "upstream": True, "max_hops": 2}),
        ("get_lineage", {"urn": e["raw"], "upstream": False, "max_hops": 1}),
    ])
    for r in [upstream, downstream]:
        assert not r.is_error, r.text[:500]
    assert e["raw"] in upstream.text
    assert e["orders"] in downstream.text


def kinds_estate(server, token, e, unique, workdir):
    """Around the two tables: a chart and a dashboard on them, a pipeline with a job that builds one from
    the other, a term under a glossary node, a container, a saved query, and a profile of the table;
    written to a file of DataHub's model and ingested by DataHub's file source (`datahub ingest`)."""
    audit = m.AuditStampClass(time=1700000000000, actor=e["user"])
    changes = m.ChangeAuditStampsClass(created=audit, lastModified=audit)
    chart = f"urn:li:chart:(looker,mcp_chart_{unique})"
    dashboard = f"urn:li:dashboard:(looker,mcp_dash_{unique})"
    flow = f"urn:li:dataFlow:(airflow,mcp_flow_{unique},PROD)"
    job = f"urn:li:dataJob:({flow},build_orders)"
    node = f"urn:li:glossaryNode:mcp_node_{unique}"
    container = f"urn:li:container:mcp{unique}"
    query = f"urn:li:query:mcp{unique}"
    aspects = [
        (chart, m.ChartInfoClass(title=f"Orders chart {unique}", description="orders by day", lastModified=changes,
                                 inputs=[e["orders"]])),
        (dashboard, m.DashboardInfoClass(title=f"Sales {unique}", description="the sales board", charts=[chart],
                                         lastModified=changes)),
        (flow, m.DataFlowInfoClass(name=f"orders_flow_{unique}", description="builds orders")),
        (job, m.DataJobInfoClass(name="build_orders", type="COMMAND", description="copies raw orders")),
        (job, m.DataJobInputOutputClass(inputDatasets=[e["raw"]], outputDatasets=[e["orders"]])),
        (node, m.GlossaryNodeInfoClass(definition="money words", name=f"Finance terms {unique}")),
        (e["term"], m.GlossaryTermInfoClass(definition="money", termSource="INTERNAL", name="Revenue", parentNode=node)),
        (container, m.ContainerPropertiesClass(name=f"shop_{unique}", description="the shop schema")),
        (e["orders"], m.ContainerClass(container=container)),
        (query, m.QueryPropertiesClass(statement=m.QueryStatementClass(value=f"SELECT amount FROM orders_{unique}",
                                                                        language="SQL"),
                                       source="MANUAL", created=audit, lastModified=audit, name="amounts")),
        (query, m.QuerySubjectsClass(subjects=[m.QuerySubjectClass(entity=e["orders"])])),
        (e["orders"], m.DatasetProfileClass(timestampMillis=1700000000000, rowCount=42, columnCount=2,
                                            fieldProfiles=[m.DatasetFieldProfileClass(fieldPath="amount", nullCount=0,
                                                                                      min="1", max="99")])),
    ]
    (workdir / "estate.json").write_text(
        json.dumps([MetadataChangeProposalWrapper(entityUrn=urn, aspect=aspect).to_obj() for urn, aspect in aspects]))
    recipe = {"source": {"type": "file", "config": {"path": str(workdir / "estate.json")}},
              "sink": rest_sink(server, token)}
    done, report = ingest(server, token, recipe, workdir, "estate")
    assert_clean_run(done, report)
    return dict(chart=chart, dashboard=dashboard, flow=flow, job=job, node=node, container=container, query=query)


def test_entity_tools_for_every_kind(emitter, graph, server, token, unique, tmp_path):
    e = estate(emitter, graph, unique)
    k = kinds_estate(server, token, e, unique, tmp_path)
    only = {"or": [{"and": [{"field": "urn", "values": [k["query"]], "condition": "EQUAL"}]}]}
    wait_for_index(graph, {"input": "*", "entity": "query", "filter": only, "start": 0, "count": 1}, 1)
    urns = [k["chart"], k["dashboard"], k["job"], k["flow"], k["node"], e["term"], k["container"], k["query"], e["user"],
            e["domain"], e["orders"]]
    _, [entities, queries, columns, job_lineage, chart_lineage, paths] = run_tools(server, token, [
        ("get_entities", {"urns": urns}),
        ("get_dataset_queries", {"urn": e["orders"]}),
        ("get_lineage", {"urn": e["orders"], "column": "amount", "upstream": True, "max_hops": 1}),
        ("get_lineage", {"urn": k["job"], "upstream": False, "max_hops": 1}),
        ("get_lineage", {"urn": k["chart"], "upstream": True, "max_hops": 2}),
        ("get_lineage_paths_between", {"source_urn": e["raw"], "target_urn": e["orders"]}),
    ])
    for r in [entities, queries, columns, job_lineage, chart_lineage, paths]:
        assert not r.is_error, r.text[:2000]
    for text in [f"Orders chart {unique}", f"Sales {unique}", "copies raw orders", f"orders_flow_{unique}",
                 f"Finance terms {unique}", "Revenue", f"shop_{unique}", f"SELECT amount FROM orders_{unique}",
                 "Mcp User", f"Finance {unique}"]:
        assert text in entities.text, text
    assert "SELECT amount" in queries.text
    # Column-level lineage answers the datasets of the upstream columns, and the columns themselves.
    upstream = columns.json()["upstreams"]["searchResults"]
    assert [r["entity"]["urn"] for r in upstream] == [e["raw"]], columns.text[:2000]
    assert "amount" in json.dumps(upstream[0].get("lineageColumns")), columns.text[:2000]
    assert e["orders"] in job_lineage.text
    assert e["orders"] in chart_lineage.text and e["raw"] in chart_lineage.text
    assert e["raw"] in paths.text and e["orders"] in paths.text


def test_write_tools(emitter, graph, server, token, unique):
    e = estate(emitter, graph, unique)
    new_tag = make_tag_urn(f"mcp_new_{unique}")
    emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=new_tag, aspect=m.TagPropertiesClass(name=f"mcp_new_{unique}")))
    _, results = run_tools(server, token, [
        ("add_tags", {"tag_urns": [new_tag], "entity_urns": [e["raw"]]}),
        ("add_terms", {"term_urns": [e["term"]], "entity_urns": [e["raw"]]}),
        ("add_owners", {"owner_urns": [e["user"]], "entity_urns": [e["raw"]], "ownership_type": "urn:li:ownershipType:__system__business_owner"}),
        ("set_domains", {"domain_urn": e["domain"], "entity_urns": [e["raw"]]}),
        ("update_description", {"entity_urn": e["raw"], "operation": "replace", "description": "Rewritten by an agent"}),
        ("remove_tags", {"tag_urns": [e["tag"]], "entity_urns": [e["orders"]]}),
    ])
    for r in results:
        assert not r.is_error, r.text[:2000]
    raw = graph.get_aspect(e["raw"], m.GlobalTagsClass)
    assert [t.tag for t in raw.tags] == [new_tag]
    assert [t.urn for t in graph.get_aspect(e["raw"], m.GlossaryTermsClass).terms] == [e["term"]]
    assert graph.get_aspect(e["raw"], m.DomainsClass).domains == [e["domain"]]
    assert graph.get_aspect(e["raw"], m.EditableDatasetPropertiesClass).description == "Rewritten by an agent"
    owners = graph.get_aspect(e["raw"], m.OwnershipClass).owners
    assert any(o.owner == e["user"] and o.typeUrn == "urn:li:ownershipType:__system__business_owner" for o in owners)
    assert graph.get_aspect(e["orders"], m.GlobalTagsClass).tags == []


def test_structured_property_tools(emitter, graph, server, token, unique):
    e = estate(emitter, graph, unique)
    prop = f"urn:li:structuredProperty:mcp_tier_{unique}"
    emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=prop, aspect=m.StructuredPropertyDefinitionClass(
        qualifiedName=f"mcp_tier_{unique}", valueType="urn:li:dataType:datahub.string",
        entityTypes=["urn:li:entityType:datahub.dataset"], displayName="Tier")))
    _, [added] = run_tools(server, token, [
        ("add_structured_properties", {"property_values": {prop: ["gold"]}, "entity_urns": [e["raw"], e["orders"]]}),
    ])
    assert not added.is_error, added.text[:2000]
    for urn in (e["raw"], e["orders"]):
        values = graph.get_aspect(urn, m.StructuredPropertiesClass).properties
        assert [(v.propertyUrn, v.values) for v in values] == [(prop, ["gold"])]
    _, [removed] = run_tools(server, token, [
        ("remove_structured_properties", {"property_urns": [prop], "entity_urns": [e["raw"]]}),
    ])
    assert not removed.is_error, removed.text[:2000]
    assert graph.get_aspect(e["raw"], m.StructuredPropertiesClass).properties == []


def test_tools_over_what_datahubs_sqlite_source_ingested(graph, server, token, tmp_path):
    """`datahub ingest` of a SQLite database (tables with foreign keys, a view, profiling), then the
    tools an agent starts with: search, entity details, the columns, and the view's lineage."""
    unique = uuid.uuid4().hex[:10]
    db = tmp_path / f"mcp_{unique}.db"
    names = make_sqlite_db(db, unique)
    instance = f"mcp{unique}"
    done, report = ingest(server, token, sqlite_recipe(server, token, db, instance, f"mcp_sqlite_{unique}"),
                          tmp_path, "sqlite")
    assert_clean_run(done, report)
    orders, view = sqlite_dataset(instance, names["orders"]), sqlite_dataset(instance, names["view"])
    wait_for_index(graph, {"input": unique, "entity": "dataset", "start": 0, "count": 10}, 4)
    _, [search, details, fields, lineage] = run_tools(server, token, [
        ("search", {"query": unique, "num_results": 10}),
        ("get_entities", {"urns": [orders, view]}),
        ("list_schema_fields", {"urn": orders}),
        ("get_lineage", {"urn": view, "upstream": True, "max_hops": 1}),
    ])
    for r in [search, details, fields, lineage]:
        assert not r.is_error, r.text[:2000]
    found = {x["entity"]["urn"] for x in search.json()["searchResults"]}
    assert {orders, view} | {sqlite_dataset(instance, names[k]) for k in ("customers", "products")} <= found
    # The table's foreign keys to the tables it references, the view's SQL.
    orders_out, view_out = details.json()
    keys = {k["name"]: k["foreignDataset"]["urn"] for k in orders_out["schemaMetadata"]["foreignKeys"]}
    assert keys == {f"fk_{names['orders']}_customer": sqlite_dataset(instance, names["customers"]),
                    f"fk_{names['orders']}_product": sqlite_dataset(instance, names["products"])}
    assert "JOIN" in view_out["viewProperties"]["logic"]
    assert "customer_id" in fields.text and "product_id" in fields.text
    # The source names the view's upstreams without the schema (see test_ingest_sqlite): entities that
    # were never ingested, which a lineage search leaves out, as DataHub's does.
    assert lineage.json() is not None
