"""GraphQL through the DataHub client: DataHubGraph.execute_graphql, create_tag and get_urns_by_filter."""
import time

import pytest
from datahub.configuration.common import GraphError
from datahub.emitter.mce_builder import make_data_platform_urn, make_dataset_urn, make_tag_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.metadata import schema_classes as m

AUDIT = m.AuditStampClass(time=1700000000000, actor="urn:li:corpuser:conformance")


def dataset_schema(platform, name, fields):
    return m.SchemaMetadataClass(
        schemaName=name,
        platform=make_data_platform_urn(platform),
        version=0,
        hash="",
        platformSchema=m.MySqlDDLClass(tableSchema=""),
        created=AUDIT,
        lastModified=AUDIT,
        fields=[
            m.SchemaFieldClass(fieldPath=path, type=m.SchemaFieldDataTypeClass(type=kind), nativeDataType=native, description=doc)
            for path, kind, native, doc in fields
        ],
    )


DATASET_QUERIES = """
query datasetByUrn($urn: String!) {
  dataset(urn: $urn) {
    urn
    type
    name
    platform { name }
    properties { name description }
    schemaMetadata { fields { fieldPath description nativeDataType } }
  }
}

query tagByUrn($urn: String!) {
  tag(urn: $urn) { urn name }
}
"""


def test_query_with_variables_and_operation_name(emitter, graph, unique):
    urn = make_dataset_urn("hive", f"gql_orders_{unique}")
    emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.DatasetPropertiesClass(name="orders", description="Every order")))
    emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=urn, aspect=dataset_schema("hive", "orders", [
        ("id", m.NumberTypeClass(), "bigint", "Order id"),
        ("customer", m.StringTypeClass(), "string", None),
    ])))
    # The document holds two operations: operationName picks the one that runs.
    result = graph.execute_graphql(DATASET_QUERIES, variables={"urn": urn}, operation_name="datasetByUrn")
    assert result == {
        "dataset": {
            "urn": urn,
            "type": "DATASET",
            "name": f"gql_orders_{unique}",
            "platform": {"name": "hive"},
            "properties": {"name": "orders", "description": "Every order"},
            "schemaMetadata": {"fields": [
                {"fieldPath": "id", "description": "Order id", "nativeDataType": "bigint"},
                {"fieldPath": "customer", "description": None, "nativeDataType": "string"},
            ]},
        },
    }
    tag = make_tag_urn(f"gql_{unique}")
    emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=tag, aspect=m.TagPropertiesClass(name=f"gql_{unique}")))
    assert graph.execute_graphql(DATASET_QUERIES, variables={"urn": tag}, operation_name="tagByUrn") == {
        "tag": {"urn": tag, "name": f"gql_{unique}"},
    }


def test_query_without_variables_and_missing_entities(graph, unique):
    missing = make_dataset_urn("hive", f"gql_absent_{unique}")
    result = graph.execute_graphql(f'{{ dataset(urn: "{missing}") {{ urn }} entities(urns: ["{missing}"]) {{ urn }} }}')
    assert result == {"dataset": None, "entities": [None]}


def test_ml_entities_written_by_the_client(emitter, graph, unique):
    table = make_dataset_urn("snowflake", f"warehouse_{unique}.public.users")
    feature = f"urn:li:mlFeature:(users_{unique},age)"
    key = f"urn:li:mlPrimaryKey:(users_{unique},user_id)"
    feature_table = f"urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,users_{unique})"
    group = f"urn:li:mlModelGroup:(urn:li:dataPlatform:science,churn_{unique},PROD)"
    model = f"urn:li:mlModel:(urn:li:dataPlatform:science,churn_{unique}_v1,PROD)"
    for urn, aspect in [
        (table, dataset_schema("snowflake", "public.users", [("user_id", m.StringTypeClass(), "VARCHAR", None), ("age", m.NumberTypeClass(), "NUMBER", None)])),
        (feature, m.MLFeaturePropertiesClass(description="Age in years", dataType=m.MLFeatureDataTypeClass.CONTINUOUS, version=m.VersionTagClass(versionTag="1"), sources=[table])),
        (key, m.MLPrimaryKeyPropertiesClass(description="User id", dataType=m.MLFeatureDataTypeClass.TEXT, sources=[table])),
        (feature_table, m.MLFeatureTablePropertiesClass(description="User features", mlFeatures=[feature], mlPrimaryKeys=[key])),
        (group, m.MLModelGroupPropertiesClass(description="Churn models")),
        (model, m.MLModelPropertiesClass(description="Churn v1", type="Logistic regression", version=m.VersionTagClass(versionTag="1"), mlFeatures=[feature], groups=[group])),
    ]:
        emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=urn, aspect=aspect))

    result = graph.execute_graphql(
        """
        query ml($f: String!, $k: String!, $t: String!, $m: String!, $g: String!) {
          mlFeature(urn: $f) { name featureNamespace description properties { description dataType version { versionTag } } }
          mlPrimaryKey(urn: $k) { name featureNamespace description dataType properties { description dataType version { versionTag } } }
          mlFeatureTable(urn: $t) { name description platform { name } properties { description mlFeatures { name } } }
          mlModel(urn: $m) { name description properties { description version type mlFeatures groups { urn name } } }
          mlModelGroup(urn: $g) { name description platform { name } properties { description } }
        }
        """,
        variables={"f": feature, "k": key, "t": feature_table, "m": model, "g": group},
        operation_name="ml",
    )
    assert result == {
        "mlFeature": {
            "name": "age", "featureNamespace": f"users_{unique}", "description": "Age in years",
            "properties": {"description": "Age in years", "dataType": "CONTINUOUS", "version": {"versionTag": "1"}},
        },
        "mlPrimaryKey": {
            "name": "user_id", "featureNamespace": f"users_{unique}", "description": "User id", "dataType": "TEXT",
            "properties": {"description": "User id", "dataType": "TEXT", "version": None},
        },
        "mlFeatureTable": {
            "name": f"users_{unique}", "description": "User features", "platform": {"name": "feast"},
            "properties": {"description": "User features", "mlFeatures": [{"name": "age"}]},
        },
        "mlModel": {
            "name": f"churn_{unique}_v1", "description": "Churn v1",
            "properties": {
                "description": "Churn v1", "version": "1", "type": "Logistic regression",
                "mlFeatures": [feature], "groups": [{"urn": group, "name": f"churn_{unique}"}],
            },
        },
        "mlModelGroup": {
            "name": f"churn_{unique}", "description": "Churn models", "platform": {"name": "science"},
            "properties": {"description": "Churn models"},
        },
    }

    # DataHub's lineage field answers one hop: its UI and scripts ask again from each entity found.
    query = """
        query upstream($urn: String!) {
          entity(urn: $urn) {
            ... on EntityWithRelationships {
              lineage(input: {direction: UPSTREAM, count: 100}) {
                total
                relationships { type degree entity { urn type } paths { path { urn } } }
              }
            }
          }
        }
        """
    hop1 = graph.execute_graphql(query, variables={"urn": model})["entity"]["lineage"]
    assert hop1["total"] == 1
    assert hop1["relationships"] == [
        {"type": "Consumes", "degree": 1, "entity": {"urn": feature, "type": "MLFEATURE"}, "paths": [{"path": [{"urn": model}, {"urn": feature}]}]},
    ]
    hop2 = graph.execute_graphql(query, variables={"urn": feature})["entity"]["lineage"]
    assert [(r["type"], r["degree"], r["entity"]["urn"]) for r in hop2["relationships"]] == [("DerivedFrom", 1, table)]


def graph_error_of(graph, query, variables=None):
    """The error execute_graphql raises. DataHub's GMS answers every executed request, errors included,
    with HTTP 200 (GraphQLController), so the client raises a plain GraphError from the `errors` of the
    body; an HTTP error status would make it raise OperationalError (a subclass) instead."""
    with pytest.raises(GraphError) as raised:
        graph.execute_graphql(query, variables=variables)
    return raised.value


def test_error_in_a_resolver_raises_graph_error(graph):
    error = graph_error_of(graph, '{ dataset(urn: "not a urn") { urn } }')
    assert type(error) is GraphError
    assert str(error).startswith("Error executing graphql query:")


def test_invalid_query_raises_graph_error(graph):
    error = graph_error_of(graph, "query q($urn: String!) { dataset(urn: $urn) { urn noSuchField } }", {"urn": "urn:li:corpuser:x"})
    assert type(error) is GraphError, f"{type(error).__name__}: {error}"
    assert str(error).startswith("Error executing graphql query:")
    assert "noSuchField" in str(error)


def test_create_tag(graph, unique):
    name = f"gql_created_{unique}"
    urn = graph.create_tag(name)
    assert urn == make_tag_urn(name)
    assert graph.execute_graphql("query t($urn: String!) { tag(urn: $urn) { urn name properties { name } } }", variables={"urn": urn}) == {
        "tag": {"urn": urn, "name": name, "properties": {"name": name}},
    }
    props = graph.get_aspect(urn, m.TagPropertiesClass)
    assert props is not None and props.name == name


def test_get_urns_by_filter(emitter, graph, unique):
    word = f"numbat{unique}"
    wanted = [make_dataset_urn("hive", f"{word}_{i}") for i in range(3)]
    other_platform = make_dataset_urn("snowflake", f"{word}_elsewhere")
    soft_deleted = make_dataset_urn("hive", f"{word}_removed")
    other_type = f"urn:li:mlFeature:({word},f)"
    emitter.emit_mcps(
        [MetadataChangeProposalWrapper(entityUrn=u, aspect=m.DatasetPropertiesClass(name=f"{word} {i}")) for i, u in enumerate(wanted)]
        + [
            MetadataChangeProposalWrapper(entityUrn=other_platform, aspect=m.DatasetPropertiesClass(name=f"{word} elsewhere")),
            MetadataChangeProposalWrapper(entityUrn=soft_deleted, aspect=m.DatasetPropertiesClass(name=f"{word} removed")),
            MetadataChangeProposalWrapper(entityUrn=soft_deleted, aspect=m.StatusClass(removed=True)),
            MetadataChangeProposalWrapper(entityUrn=other_type, aspect=m.MLFeaturePropertiesClass(description=word)),
        ]
    )
    # The search index follows the writes shortly after: wait for it, but fail at once on an error.
    deadline = time.time() + 15
    while True:
        found = sorted(graph.get_urns_by_filter(entity_types=["dataset"], platform="hive", query=word))
        if found == sorted(wanted) or time.time() > deadline:
            break
        time.sleep(0.2)
    assert found == sorted(wanted)
    # Small pages: the client follows nextScrollId to the end.
    assert sorted(graph.get_urns_by_filter(entity_types=["dataset"], platform="hive", query=word, batch_size=1)) == sorted(wanted)
