// The catalog beside this file is checked by AssetCatalogValidationPlugin before this target compiles.
print("Gallery: Assets.xcassets passed validation at build time")
