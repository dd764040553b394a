# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: torch, pytest
"""torch-to-tg --torchvision finds segmentation and video models by name as
well as classification ones, builds them with random weights and nothing
downloaded (a segmentation model's default ImageNet backbone included), and
gives each the input its weights are evaluated on."""
import pytest
import torch

from tracegraph.torch import cli


@pytest.mark.parametrize("name, family", [
    ("resnet18", ""), ("vit_b_16", ""),
    ("fcn_resnet50", "segmentation"), ("deeplabv3_mobilenet_v3_large", "segmentation"),
    ("lraspp_mobilenet_v3_large", "segmentation"),
    ("r3d_18", "video"), ("mvit_v2_s", "video"), ("s3d", "video"),
])
def test_families(name, family):
    found = cli.find_torchvision_model(name)
    assert found is not None and found[0] == family


@pytest.mark.parametrize("name, shape", [
    ("resnet18", "1x3x224x224"), ("inception_v3", "1x3x299x299"),
    ("fcn_resnet50", "1x3x520x520"),
    ("r3d_18", "1x3x16x112x112"), ("r2plus1d_18", "1x3x16x112x112"),
    ("mvit_v1_b", "1x3x16x224x224"), ("s3d", "1x3x16x224x224"),
])
def test_standard_inputs(name, shape):
    assert cli.standard_input(name) == shape


def test_nothing_is_downloaded(monkeypatch):
    def no_download(*args, **kwargs):
        raise AssertionError("torch-to-tg downloaded weights")
    monkeypatch.setattr(torch.hub, "load_state_dict_from_url", no_download)
    monkeypatch.setattr(torch.hub, "download_url_to_file", no_download)
    seg = cli.torchvision_model("lraspp_mobilenet_v3_large")
    assert type(seg).__name__ == "LRASPP"
    video = cli.torchvision_model("mc3_18")
    assert type(video).__name__ == "VideoResNet"


def test_unknown_name():
    with pytest.raises(SystemExit, match="torchvision has no model 'no_such_model'"):
        cli.torchvision_model("no_such_model")
