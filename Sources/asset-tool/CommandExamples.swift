/// The examples each command's `--help` ends with, kept together so they read alike.
enum CommandExamples {
    static let validate = """
        Examples:
          asset-tool validate                    (checks ./Assets.catalog)
          asset-tool validate App/Assets.xcassets --strict
          asset-tool validate App/Assets.xcassets --format github
          asset-tool validate App/Assets.xcassets --require-placeholders --placeholders App/placeholders.json
          asset-tool validate .                  (every .xcassets below this folder, one summary)
        """

    static let refs = """
        Examples:
          asset-tool refs                        (this folder: its catalogs and its sources)
          asset-tool refs App --format github
          asset-tool refs App --list --disable unused-asset
          asset-tool validate App/Assets.xcassets --sources App
        """

    static let resolve = """
        Examples:
          asset-tool resolve placeholder_error_icon --appearance dark --scale 2
          asset-tool resolve imgZeroEmpty --idiom pad --format json
          asset-tool resolve --state error --appearance dark
          asset-tool resolve --state image-slot --placeholders names.json
          asset-tool resolve --state loading --format json
          asset-tool resolve --state error --strings App/Resources --locale de-AT
        """

    static let info = """
        Examples:
          asset-tool info photo.jpg spinner.gif
          asset-tool info photo.jpg --decode --format json
        """

    static let extractFrames = """
        Examples:
          asset-tool extract-frames spinner.gif --output frames
          asset-tool extract-frames spinner.gif -o frames --frames 3-7 --raw --force
        """

    static let decode = """
        Examples:
          asset-tool decode photo.jpg --output photo.ppm
          asset-tool decode photo.jpg -o preview.png --scale 1/8 --force
        """

    static let hash = """
        Examples:
          asset-tool hash photo.jpg
          asset-tool hash photos/ --format json --fast
          asset-tool hash Assets.catalog --output placeholder-hashes.json --force
        """

    static let renderHash = """
        Examples:
          asset-tool render-hash --blurhash 'LEHV6nWB2yk8pyo0adR*.7kCMdnj' --size 32x24 -o preview.png
          asset-tool render-hash --thumbhash '3OcRJYB4d3h/iIeHeEh3eIhw+j2w' -o preview.png
        """

    static let report = """
        Examples:
          asset-tool report --output report.html (reports ./Assets.catalog)
          asset-tool report App/Assets.xcassets -o report.html --force
          asset-tool report App/Assets.xcassets -o report.de.html --strings App/Localizable.xcstrings --locale de
          asset-tool report App/Assets.xcassets --sources . -o report.html (each set's uses, unused sets marked)
        """

    static let size = """
        Examples:
          asset-tool size                        (sizes ./Assets.catalog)
          asset-tool size App/Assets.xcassets --format json
          asset-tool size .                      (every .xcassets below this folder)
        """

    static let car = """
        Examples:
          asset-tool car info App.app/Assets.car
          asset-tool car info App.app/Assets.car --format json
          asset-tool car diff before/Assets.car after/Assets.car
        """

    static let optimize = """
        Examples:
          asset-tool optimize App/Assets.xcassets --output Optimized.xcassets
          asset-tool optimize App/Assets.xcassets --in-place --force
        """

    static let buildCheck = """
        Example (what the plugin runs):
          asset-tool build-check /src/App/Assets.xcassets --output Check.swift
        """

    /// The root command's help: one example per command, then completions and colour.
    static let root = """
        Examples:
          asset-tool validate App/Assets.xcassets
          asset-tool refs App                    (names the code asks for: missing, unused)
          asset-tool resolve --state error --appearance dark
          asset-tool info photo.jpg spinner.gif
          asset-tool extract-frames spinner.gif --output frames
          asset-tool decode photo.jpg --output photo.ppm
          asset-tool report App/Assets.xcassets --output report.html
          asset-tool size App/Assets.xcassets
          asset-tool optimize App/Assets.xcassets --output Optimized.xcassets
        `asset-tool help COMMAND` shows a command's options and more examples.

        Shell completions (bash, zsh, fish):
          asset-tool --generate-completion-script bash > asset-tool.bash
          asset-tool --generate-completion-script zsh > _asset-tool
          asset-tool --generate-completion-script fish > asset-tool.fish
        then `source asset-tool.bash`, put _asset-tool on $fpath, or copy
        asset-tool.fish to ~/.config/fish/completions/.

        Colour: only on a terminal, never when NO_COLOR is set.
        """
}
