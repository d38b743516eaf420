import Browser
import Catalog
import Foundation
import SplitLayout
import Testing

@testable import UserFiles

/// [effects.NAME] of the configuration (issue 29): effects of keyframes, named wherever a
/// built-in effect is (--effect, [row] effect, a section's "effect" in the data), each mistake
/// at its line and column.
@Suite("Effects of keyframes in the configuration")
struct KeyframeConfigTests {
    static let tilt = """
        [effects.tilt]
        curve = "ease-out"
        keyframes = [
          { progress = -1, scale = 0.7, x = -0.2, alpha = 0.4, z = -1 },
          { progress = 0 },
          { progress = 1, scale_x = 0.7, scale_y = 0.5, x = 0.2, alpha = 0.4, z = -1 },
        ]

        """

    @Test("an effect of keyframes reads as written, what a keyframe leaves out as at rest")
    func reads() throws {
        let configuration = try FileText.configuration(Self.tilt + "[row]\neffect = \"tilt\"\n")
        let tilt = try #require(configuration.keyframeEffects["tilt"])
        #expect(tilt.curve == .easeOut)
        #expect(
            tilt.keyframes == [
                Keyframe(progress: -1, scaleX: 0.7, scaleY: 0.7, x: -0.2, alpha: 0.4, z: -1), Keyframe(progress: 0),
                Keyframe(progress: 1, scaleX: 0.7, scaleY: 0.5, x: 0.2, alpha: 0.4, z: -1),
            ])
        #expect(configuration.layout.rowDefaults.effect == "tilt")
    }

    @Test(
        "each mistake is one line at its place",
        arguments: [
            (
                "[effects.carousel]\nkeyframes = [{ progress = 0 }]\n",
                "test.toml:1:10: effects.carousel: an effect of your own cannot be called \"carousel\": a built-in effect is; choose another name"
            ),
            (
                "[effects.tilt]\ncurve = \"linear\"\n",
                "test.toml:1:1: effects.tilt: an effect needs keyframes = [{ progress = 0, scale = 1 }, ...], one at least"
            ),
            (
                "[effects.tilt]\nkeyframes = [{ scale = 0.5 }]\n",
                "test.toml:2:14: effects.tilt.keyframes[0]: each keyframe needs its progress (0 resting, 1 one card to the right)"
            ),
            (
                "[effects.tilt]\nkeyframes = [{ progress = 1 }, { progress = 0 }]\n",
                "test.toml:2:34: effects.tilt.keyframes[1].progress: the keyframes go in increasing progress: 0 after 1"
            ),
            (
                "[effects.tilt]\nkeyframes = [{ progress = 0, alpha = 2 }]\n",
                "test.toml:2:30: effects.tilt.keyframes[0].alpha: expected a number from 0 to 1, found 2"
            ),
            (
                "[effects.tilt]\nkeyframes = [{ progress = 0, tilt = 2 }]\n",
                "test.toml:2:30: effects.tilt.keyframes[0].tilt: unknown key"
            ),
            (
                "[effects.tilt]\ncurve = \"bouncy\"\nkeyframes = [{ progress = 0 }]\n",
                "test.toml:2:1: effects.tilt.curve: expected one of \"linear\", \"ease-in\", \"ease-out\", \"ease-in-out\", found the string \"bouncy\""
            ),
            ("[row]\neffect = \"tilt\"\n", "test.toml:2:1: row.effect: expected an effect: one of"),
        ])
    func mistakes(text: String, message: String) {
        let found = FileText.configurationError(text) ?? "no error"
        #expect(found.hasPrefix(message), "\(found)")
    }

    @Test("a data file's row names the configuration's effect where the configuration is in force")
    func inTheData() throws {
        let json =
            #"{"sections": [{"title": "Cards", "style": "row", "row": {"effect": "tilt"}, "items": [{"label": "a"}]}]}"#
        #expect(FileText.dataError(json)?.contains("expected an effect") == true)
        let configuration = try FileText.configuration(Self.tilt)
        let catalog = try CardEffects.$configured.withValue(configuration.keyframeEffects) { try FileText.data(json) }
        let looks = CardEffects.$configured.withValue(configuration.keyframeEffects) {
            configuration.layoutSettings(for: catalog).rowLooks(for: catalog)
        }
        #expect(looks[0]?.effect is KeyframeEffect && looks[0]?.effectName == "tilt")
    }

    @Test("--effect names it; layout reports each card's interpolated scale, alpha and z")
    func commandLine() throws {
        let directory = FileManagerHelper.temporaryDirectory()
        let config = directory + "/config.toml"
        try (Self.tilt).write(toFile: config, atomically: true, encoding: .utf8)
        let json = directory + "/rows.json"
        try #"{"sections": [{"title": "Cards", "items": [{"label": "one"}, {"label": "two"}, {"label": "three"}]}]}"#
            .write(toFile: json, atomically: true, encoding: .utf8)
        let result = try Support.run([
            "layout", "--config", config, "--data", json, "--width", "60", "--height", "10", "--style", "row",
            "--effect", "tilt",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let cards = result.stdout.split(separator: "\n").filter { $0.contains("\"progress\"") }
        #expect(
            cards.contains {
                $0.contains("\"progress\": 0,") && $0.contains("\"scale\": 1,") && $0.contains("\"z\": 0}")
            })
        #expect(
            cards.contains {
                $0.contains("\"progress\": 1,") && $0.contains("\"scale\": 0.7, \"scaleY\": 0.5,")
                    && $0.contains("\"alpha\": 0.4") && $0.contains("\"z\": -1}")
            }, "\(cards)")
        let wrong = try Support.run([
            "layout", "--config", config, "--data", json, "--width", "60", "--height", "10", "--effect", "tilty",
        ])
        #expect(wrong.status == 64)
        #expect(
            wrong.stderr.contains(
                "--effect must be: one of \"none\", \"carousel\", \"scale\", \"stack\", \"snapshot\", \"distance\", \"tilt\", found \"tilty\""
            ), "\(wrong.stderr)")
    }
}
