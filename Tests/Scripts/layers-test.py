#!/usr/bin/env python3
"""The layers check can fail: layers.py run on small made-up trees, each with one planted fault.

Part of `make test` (`make layers-check`), after the check has passed on the real tree. Each test
writes a Package.swift and a Sources/ tree into a temporary folder and runs layers.py on it, as
`make test` does, with `--root`.
"""

import importlib.util
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "layers.py")
SPEC = importlib.util.spec_from_file_location("layers", SCRIPT)
LAYERS = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(LAYERS)

MANIFEST = """\
// swift-tools-version:6.0
import PackageDescription

// A comment (with a parenthesis) and "a string" outside any target.
let package = Package(
    name: "layered",
    targets: [
        .systemLibrary(name: "CShim", path: "Sources/CShim"),
        .target(
            name: "KAuthBasics",
            dependencies: [.target(name: "CShim", condition: .when(platforms: [.linux]))],
            path: "Sources/KAuthBasics"
        ),
        .target(name: "KAuthCore", dependencies: ["KAuthBasics"], path: "Sources/KAuthCore"),
        .target(name: "KakaoAPI", dependencies: ["KAuthBasics", "KAuthCore"], path: "Sources/KakaoAPI"),
        .testTarget(name: "KAuthCoreTests", dependencies: ["KAuthCore", "KakaoAPI"], path: "Tests/KAuthCoreTests")
    ]
)
"""

# Bottom to top, every edge going down: HTTP uses Support's World inside KAuthBasics; the core uses HTTP; Talk
# uses the core's Login.
TREE = {
    "Sources/CShim/module.modulemap": "module CShim {}\n",
    "Sources/KAuthBasics/Support/World.swift": "package struct World {}\n",
    "Sources/KAuthBasics/HTTP/HTTPClient.swift": """\
        /// Sends what a `Login` asks for. (A comment names types without using them.)
        package struct HTTPClient {
            package var world: World
            package var label = "a Login"
            package var limits: Limits
        }

        package struct Limits {}
        """,
    "Sources/KAuthCore/Login/Login.swift": """\
        import KAuthBasics

        package struct Login {
            package let client: HTTPClient
            package static func hidden() -> Int { 1 }
            package static func testedOnly() -> Int { 2 }
            package static func seenByTests() -> Int { 3 }
        }

        package struct Draft {
            package var label: String
        }
        """,
    "Sources/KakaoAPI/Talk/Talk.swift": """\
        import KAuthCore

        package struct Talk {
            package let login: Login
            package var title: String { "\\(login.client.label) \\(login.client.limits)" }
        }
        """,
    "Tests/KAuthCoreTests/LoginTests.swift": """\
        @testable import KAuthCore

        func testedOnlyWorks() -> Bool { Login.testedOnly() == 2 }
        """,
    "Tests/KAuthCoreTests/TalkTests.swift": """\
        import KAuthCore
        import KakaoAPI

        func seenWorks() -> Bool { Login.seenByTests() == 3 }
        """,
}


class LayersCheckTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.root = self.folder.name
        self.write("Package.swift", MANIFEST)
        for path, text in TREE.items():
            self.write(path, textwrap.dedent(text))

    def tearDown(self):
        self.folder.cleanup()

    def write(self, path, text):
        full = os.path.join(self.root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as file:
            file.write(text)

    def run_layers(self, *args):
        return subprocess.run(
            [sys.executable, SCRIPT, "--root", self.root, *args], capture_output=True, text=True, check=False
        )

    def assert_fails(self, *lines):
        result = self.run_layers("--check")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        for line in lines:
            self.assertIn(line, result.stderr)

    def test_a_tree_whose_edges_all_go_down_passes(self):
        result = self.run_layers("--check")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("every target edge goes down", result.stdout)
        self.assertEqual(result.stderr, "")

    def test_a_folder_cycle_in_a_layered_target_fails_and_names_its_files_and_types(self):
        self.assertIn("KAuthBasics", LAYERS.LAYERED)
        self.write("Sources/KAuthBasics/Support/World+HTTP.swift", "extension World {\n    var http: HTTPClient?\n}\n")
        self.assert_fails(
            "KAuthBasics holds a folder cycle: HTTP Support",
            "HTTP -> Support: HTTPClient.swift: World",
            "Support -> HTTP: World+HTTP.swift: HTTPClient",
        )

    def test_a_folder_that_uses_one_after_it_in_the_order_fails(self):
        self.write("Sources/KAuthBasics/World/Live.swift", "package struct Live {}\n")
        self.write("Sources/KAuthBasics/HTTP/Transport.swift", "struct Transport {\n    let live: Live\n}\n")
        self.assert_fails(
            "KAuthBasics: HTTP uses World, which comes after it in the folder order",
            "HTTP -> World: Transport.swift: Live",
        )

    def test_a_folder_without_a_place_in_the_order_fails(self):
        self.write("Sources/KAuthBasics/Extras/Extra.swift", "struct Extra {}\n")
        self.assert_fails("KAuthBasics/Extras has no place in the folder order")

    def test_a_test_folder_that_mirrors_no_source_folder_fails(self):
        self.write("Tests/KAuthCoreTests/Crypto/CryptoTests.swift", "import KAuthCore\n")
        self.assert_fails("Tests/KAuthCoreTests/Crypto/CryptoTests.swift is in a folder that Sources/KAuthCore does not have")

    def test_a_test_target_that_imports_a_target_it_may_not_use_fails(self):
        self.write("Tests/KAuthBasicsTests/HTTP/HTTPTests.swift", "import KAuthCore\n")
        self.assert_fails("Tests/KAuthBasicsTests/HTTP/HTTPTests.swift imports KAuthCore, which KAuthBasicsTests may not use")

    def test_a_folder_cycle_in_a_target_not_yet_layered_is_reported_but_passes(self):
        waiting = [t for t in LAYERS.ALLOWED if t not in LAYERS.LAYERED]
        if not waiting:
            self.skipTest("every target is layered")
        target = waiting[0]
        self.write(f"Sources/{target}/A/A.swift", "struct InA { let b: InB? }\n")
        self.write(f"Sources/{target}/B/B.swift", "struct InB { let a: InA? }\n")
        if f'name: "{target}"' not in MANIFEST:
            extra = f'        .target(name: "{target}", path: "Sources/{target}")\n    ]\n)'
            self.write("Package.swift", MANIFEST.replace("    ]\n)", extra))
        check = self.run_layers("--check")
        self.assertEqual(check.returncode, 0, check.stderr)
        report = self.run_layers()
        self.assertEqual(report.returncode, 0)
        self.assertRegex(report.stdout, rf"{target}: \d+ folders, 1 pairs that use each other, 1 cycle \(not yet checked\)")
        self.assertIn("  cycle: A B", report.stdout)

    def test_a_type_of_a_target_above_fails(self):
        self.write("Sources/KAuthBasics/HTTP/Retry.swift", "struct Retry {\n    let after: Login\n}\n")
        self.assert_fails(
            "KAuthBasics -> KAuthCore goes the wrong way (KAuthBasics may use nothing of ours):",
            "KAuthBasics/HTTP/Retry.swift: Login",
        )

    def test_an_import_of_a_target_above_fails(self):
        self.write("Sources/KAuthCore/Login/Share.swift", "import KakaoAPI\n\nlet shared = 1\n")
        self.assert_fails(
            "KAuthCore -> KakaoAPI goes the wrong way (KAuthCore may use KAuthBasics):",
            "KAuthCore/Login/Share.swift: import KakaoAPI",
        )

    def test_a_dependency_on_a_target_above_in_the_manifest_fails(self):
        upward = MANIFEST.replace('dependencies: ["KAuthBasics"]', 'dependencies: ["KAuthBasics", "KakaoAPI"]')
        self.write("Package.swift", upward)
        self.assert_fails("KAuthCore -> KakaoAPI goes the wrong way", "Package.swift: dependencies")

    def test_a_target_without_a_place_in_the_order_fails(self):
        self.write("Sources/KAuthExtras/Extra.swift", "import KAuthBasics\n")
        extra = '        .target(name: "KAuthExtras", path: "Sources/KAuthExtras")\n    ]\n)'
        self.write("Package.swift", MANIFEST.replace("    ]\n)", extra))
        self.assert_fails("KAuthExtras has no place in the layers")

    def test_a_manifest_it_cannot_read_fails(self):
        self.write("Package.swift", MANIFEST.replace('dependencies: ["KAuthBasics"]', "dependencies: coreDependencies"))
        self.assert_fails("cannot read the targets' dependencies from Package.swift")

    def test_package_declarations_no_other_target_names_are_listed(self):
        result = self.run_layers("--internal")
        self.assertEqual(result.returncode, 0, result.stderr)
        out = result.stdout
        self.assertIn("  KAuthCore: 7, 4 named by no other target", out)
        self.assertIn("Sources/KAuthCore/Login/Login.swift:5: func hidden", out)
        # A test with `@testable import` sees internal declarations: it does not keep one `package`;
        # one with a plain import does, and so does another target (Talk names Login and `client`).
        self.assertIn("Sources/KAuthCore/Login/Login.swift:6: func testedOnly", out)
        self.assertNotIn("seenByTests", out)
        self.assertNotIn("struct Login", out)
        self.assertNotIn("Login.swift:4", out)
        # A member of a type nothing outside names, whatever its own name.
        self.assertIn("Sources/KAuthCore/Login/Login.swift:10: struct Draft", out)
        self.assertIn("Sources/KAuthCore/Login/Login.swift:11: var label", out)
        self.assertIn("  KAuthBasics: 6, 2 named by no other target", out)
        self.assertIn("Sources/KAuthBasics/HTTP/HTTPClient.swift:3: var world", out)
        self.assertIn("Sources/KAuthBasics/Support/World.swift:1: struct World", out)
        # Named only inside a string interpolation; and a type a kept signature shows.
        self.assertNotIn("HTTPClient.swift:4", out)
        self.assertNotIn("struct Limits", out)

    def internal_with(self, core, use):
        """`--internal`'s report with `core` added to KAuthCore's Login folder and `use` to KakaoAPI."""
        self.write("Sources/KAuthCore/Login/Added.swift", textwrap.dedent(core))
        self.write("Sources/KakaoAPI/Talk/Uses.swift", "import KAuthCore\n\n" + use + "\n")
        return self.run_layers("--internal").stdout

    def test_a_decoding_initializer_of_a_type_within_reach_stays(self):
        # Stamp is within reach through Clock's `stamp`, which Talk names: its Decodable `init(from:)`
        # must be as visible as the type, while an initializer nobody outside calls is listed.
        out = self.internal_with(
            """\
            package struct Clock {
                package var stamp: Stamp?
            }

            package struct Stamp: Decodable {
                package init(from decoder: any Decoder) throws {}
                package init(seconds: Int) {}
            }
            """,
            "let stamp = Clock().stamp",
        )
        self.assertNotIn("struct Stamp", out)
        self.assertNotIn("Added.swift:6", out)
        self.assertIn("Sources/KAuthCore/Login/Added.swift:7: init of Stamp", out)

    def test_a_witness_to_a_requirement_of_a_protocol_that_stays_package_stays(self):
        # Ticking stays package (Talk names it), so Metronome's `tick` must too; Quiet is named by
        # nothing outside (Library adopts it in an extension), so it and Library's `hush` may be internal.
        out = self.internal_with(
            """\
            package protocol Ticking {
                var tick: Int { get }
            }

            package struct Metronome: Ticking {
                package var tick: Int { 1 }
                package var tock: Int { 2 }
            }

            package protocol Quiet {
                var hush: Int { get }
            }

            package struct Library {}

            extension Library: Quiet {
                package var hush: Int { 0 }
            }
            """,
            "let ticks: [any Ticking] = [Metronome(), Library()]",
        )
        self.assertNotIn("var tick", out)
        self.assertIn("Sources/KAuthCore/Login/Added.swift:7: var tock", out)
        self.assertIn("Sources/KAuthCore/Login/Added.swift:10: protocol Quiet", out)
        self.assertIn("Sources/KAuthCore/Login/Added.swift:17: var hush", out)

    def test_a_signature_over_several_lines_shows_all_its_types(self):
        # The formatter breaks a long signature: its parameters go on lines of their own and its
        # result after them. Later follows a closure's `->` inside the brackets, Outcome is on the
        # line after them: `run`, which Talk calls, shows both.
        out = self.internal_with(
            """\
            package struct Flow {
                package func run(
                    _ events: @escaping (Int) -> Void,
                    after: Later
                ) async throws
                    -> Outcome
                {
                    Outcome()
                }
            }

            package struct Outcome {}

            package struct Later {}

            package struct Spare {}
            """,
            "let ran = Flow().run",
        )
        self.assertNotIn("struct Outcome", out)
        self.assertNotIn("struct Later", out)
        self.assertIn("Sources/KAuthCore/Login/Added.swift:16: struct Spare", out)

    def test_a_type_a_case_of_an_enum_that_stays_package_carries_is_within_reach(self):
        # Failure stays package (Talk names it), so Problem, which one of its cases carries, must
        # too; a switch's `case` names no type it shows, so Spare may be internal.
        out = self.internal_with(
            """\
            package enum Failure {
                case unusable(
                    Problem,
                    String
                )
                package var spare: Int {
                    switch self {
                    case .unusable: Spare().count
                    }
                }
            }

            package enum Problem { case empty }

            package struct Spare { let count = 0 }
            """,
            "let failure: Failure? = nil",
        )
        self.assertNotIn("enum Problem", out)
        self.assertIn("Sources/KAuthCore/Login/Added.swift:6: var spare", out)
        self.assertIn("Sources/KAuthCore/Login/Added.swift:15: struct Spare", out)

if __name__ == "__main__":
    unittest.main(verbosity=1)
