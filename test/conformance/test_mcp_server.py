"""DataHub's MCP server, unchanged, against neohub (issue 37): its tools over an estate written by DataHub's
own client, as an AI agent calls them (stdio, through the MCP client)."""
from datahub.emitter.mce_builder import make_dataset_urn, make_schema_field_urn, make_tag_urn, make_term_urn, make_user_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.metadata import schema_classes as m

from mcp_support import run_tools
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
