// `import Assets` is the one import a user writes: the decoders, encoders and frame extraction of the
// codecs layer and the atomic file writer of the support layer are part of the product, so they come
// with it, and so does the placeholder model (`AssetPlaceholders`, also a product of its own). What those
// layers mark `package` stays inside this package.
@_exported import AssetsCodecs
@_exported import AssetsSupport
@_exported import AssetPlaceholders
