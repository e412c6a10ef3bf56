"""DataHub's write validation through DataHub's client (docs/decisions/0052): a URN of the wrong kind in a
typed field, a structured property naming an entity kind that does not exist, and conditional writes
(`If-Version-Match` in the proposal's headers) on Rest.li and OpenAPI v3."""
from urllib.parse import quote

import pytest
import requests
from datahub.configuration.common import OperationalError
from datahub.emitter.mce_builder import make_dataset_urn, make_ml_model_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.metadata import schema_classes as m

MODEL = make_ml_model_urn("sagemaker", "churn", "PROD")


def lineage(upstream):
    return m.UpstreamLineageClass(upstreams=[m.UpstreamClass(dataset=upstream, type=m.DatasetLineageTypeClass.TRANSFORMED)])


@pytest.mark.parametrize("client", ["restli_emitter", "graph"])
def test_wrong_kind_in_a_typed_urn_field_is_refused(client, request, graph, unique):
    ds = make_dataset_urn("hive", f"kind_{unique}_{client}")
    with pytest.raises(OperationalError) as err:
        request.getfixturevalue(client).emit(MetadataChangeProposalWrapper(entityUrn=ds, aspect=lineage(MODEL)))
    message = str(err.value)
    assert "/upstreams/0/dataset" in message and "dataset" in message and MODEL in message
    assert graph.get_aspect(ds, m.UpstreamLineageClass) is None

    up = make_dataset_urn("hive", f"kind_up_{unique}")
    request.getfixturevalue(client).emit(MetadataChangeProposalWrapper(entityUrn=ds, aspect=lineage(up)))
    assert graph.get_aspect(ds, m.UpstreamLineageClass).upstreams[0].dataset == up


def test_structured_property_entity_types_must_exist(emitter, graph, unique):
    urn = f"urn:li:structuredProperty:io.neohub.kinds{unique}"

    def definition(*entity_types):
        return m.StructuredPropertyDefinitionClass(
            qualifiedName=f"io.neohub.kinds{unique}", valueType="urn:li:dataType:datahub.string",
            entityTypes=list(entity_types),
        )

    with pytest.raises(OperationalError) as err:
        emitter.emit(MetadataChangeProposalWrapper(
            entityUrn=urn, aspect=definition("urn:li:entityType:datahub.dataset", "urn:li:entityType:datahub.nope")))
    assert "urn:li:entityType:datahub.nope" in str(err.value)
    assert graph.get_aspect(urn, m.StructuredPropertyDefinitionClass) is None
    emitter.emit(MetadataChangeProposalWrapper(entityUrn=urn, aspect=definition("urn:li:entityType:datahub.dataset")))
    assert graph.get_aspect(urn, m.StructuredPropertyDefinitionClass).entityTypes == ["urn:li:entityType:datahub.dataset"]


def version_of(server, token, urn):
    res = requests.get(
        f"{server}/openapi/v3/entity/dataset/{quote(urn, safe='')}/datasetProperties?systemMetadata=true",
        headers={"Authorization": f"Bearer {token}"} if token else {},
    )
    res.raise_for_status()
    return res.json()["systemMetadata"]["version"]


@pytest.mark.parametrize("client", ["restli_emitter", "emitter"])
def test_if_version_match_through_the_client(client, request, server, token, graph, unique):
    emitter = request.getfixturevalue(client)
    ds = make_dataset_urn("hive", f"ivm_{unique}_{client}")

    def write(description, version):
        emitter.emit(MetadataChangeProposalWrapper(
            entityUrn=ds, aspect=m.DatasetPropertiesClass(description=description),
            headers={"If-Version-Match": version}))

    write("first", "-1")
    assert version_of(server, token, ds) == "1"
    write("second", "1")
    assert version_of(server, token, ds) == "2"
    with pytest.raises(OperationalError) as err:
        write("stale", "1")
    assert "If-Version-Match" in str(err.value)
    if client == "emitter":  # OpenAPI v3: DataHub's 412 body
        assert err.value.info.get("error") == "Precondition Error"
    assert graph.get_aspect(ds, m.DatasetPropertiesClass).description == "second"


def test_if_version_match_status_on_openapi_v3(server, token, unique):
    ds = make_dataset_urn("hive", f"ivm_http_{unique}")
    auth = {"Authorization": f"Bearer {token}"} if token else {}
    url = f"{server}/openapi/v3/entity/dataset?async=false"

    def post(description, version):
        return requests.post(url, headers=auth, json=[{
            "urn": ds, "datasetProperties": {"value": {"description": description}, "headers": {"If-Version-Match": version}},
        }])

    assert post("a", "-1").status_code == 200
    stale = post("b", "-1")
    assert stale.status_code == 412
    assert stale.json()["error"] == "Precondition Error"
    assert post("b", "1").status_code == 200
    assert version_of(server, token, ds) == "2"
