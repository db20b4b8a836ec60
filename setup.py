"""The optional compiled core: the modules each game lists in ``games/<game>/compiled.toml``, compiled
with mypyc when a C compiler and mypy are at hand; the metadata is in pyproject.toml.

Compiling is asked for (it takes minutes and, measured, gains 1.0-1.3x so far: docs/compiled_core.md);
any failure then (no compiler, no mypy, a type error) leaves the pure-Python package, which installs and
plays the same (asobiba.core.compiled says which path is in use; ``asobiba --version`` prints it).

    python3 -m pip install .                            # the pure-Python core
    ASOBIBA_BUILD_COMPILED=1 python3 -m pip install .   # compiled where it can be, else pure
    ASOBIBA_BUILD_STRICT=1 python3 -m pip wheel .       # compiled or fail (cibuildwheel sets it)
    ASOBIBA_BUILD_COMPILED=1 CC=/bin/false python3 -m pip install .   # no compiler: pure
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = Path("src") / "asobiba"
MANIFEST = "_compiled.json"


def listed_modules() -> dict[str, Path]:
    """Every module the games list, by dotted name, with its source (relative to the project root)."""
    found: dict[str, Path] = {}
    for listing in sorted((ROOT / PACKAGE / "games").glob("*/compiled.toml")):
        game = listing.parent.relative_to(ROOT)
        for name in tomllib.loads(listing.read_text(encoding="utf-8"))["modules"]:
            source = game.joinpath(*name.split(".")).with_suffix(".py")
            found[".".join((*game.relative_to("src").parts, name))] = source
    return found


def flag(name: str) -> bool:
    return os.environ.get(name, "").strip() not in ("", "0")


def warn(message: str) -> None:
    print(f"asobiba: {message}; installing the pure-Python core (it plays the same, slower)", file=sys.stderr)


class OptionalCompiledCore(build_ext):
    """Builds the listed modules with mypyc; on any failure builds nothing (the pure path)."""

    def run(self) -> None:
        self.extensions = []
        modules = listed_modules()
        if self.inplace:  # an editable install: the last build's files are next to the sources
            self.remove_outputs()
        if not (flag("ASOBIBA_BUILD_COMPILED") or flag("ASOBIBA_BUILD_STRICT")):
            return  # the pure-Python core, as asked (compiling is opt-in)
        try:
            self.check_compiler()  # before minutes of type checking
            from mypyc.build import mypycify

            self.extensions = mypycify(
                # errors of the modules they import but do not list are not theirs to fix here; a package
                # missing from the build environment is read as Any (the compiled code checks at run time)
                ["--follow-imports=silent", "--ignore-missing-imports", *(str(path) for path in modules.values())],
                opt_level=os.environ.get("ASOBIBA_OPT_LEVEL", "3"),
                multi_file=True,
                group_name="asobiba_core",
            )
            self.distribution.ext_modules = self.extensions
            self.parallel = self.parallel or os.cpu_count() or 1  # one C file per module (multi_file)
            self.finalize_extensions()
            super().run()
        except (Exception, SystemExit) as error:  # no compiler, no mypy, a type error: the pure path
            if flag("ASOBIBA_BUILD_STRICT"):  # a release's wheels (cibuildwheel) must be compiled
                raise
            if self.inplace:
                self.remove_outputs()
            self.extensions = []
            warn(f"the compiled core was not built ({type(error).__name__}: {error})")
            return
        self.write_manifest(modules)

    def check_compiler(self) -> None:
        """Compiles an empty C file with the compiler build_ext would use (raises without one)."""
        from distutils.ccompiler import new_compiler
        from distutils.sysconfig import customize_compiler

        compiler = new_compiler(compiler=self.compiler, force=True)
        customize_compiler(compiler)
        with tempfile.TemporaryDirectory() as folder:
            source = Path(folder) / "probe.c"
            source.write_text("int asobiba_probe(void) { return 0; }\n", encoding="utf-8")
            compiler.compile([str(source)], output_dir=folder)

    def finalize_extensions(self) -> None:
        # what finalize_options does to the extensions, for mypycify's (they replace the placeholder)
        self.check_extensions_list(self.extensions)
        for extension in self.extensions:
            fullname = extension._full_name = self.get_ext_fullname(extension.name)
            self.ext_map[fullname] = self.ext_map[fullname.split(".")[-1]] = extension
            extension._links_to_dynamic = extension._needs_stub = False
            extension._file_name = self.get_ext_filename(fullname)

    def remove_outputs(self) -> None:
        """Removes what a failed build (or an earlier one) left next to the sources."""
        stale = [ROOT / PACKAGE / MANIFEST, *(ROOT / "src").glob("asobiba_core__mypyc.*")]
        # every extension in the games' packages (only this build puts one there), listed now or before
        stale += [path for path in (ROOT / PACKAGE / "games").rglob("*.*") if path.suffix in (".so", ".pyd")]
        for path in stale:
            path.unlink(missing_ok=True)

    def write_manifest(self, modules: dict[str, Path]) -> None:
        digests = {name: hashlib.sha256((ROOT / path).read_bytes()).hexdigest() for name, path in modules.items()}
        text = json.dumps(digests, indent=1, sort_keys=True) + "\n"
        targets = [Path(self.build_lib) / "asobiba" / MANIFEST]
        if self.inplace or getattr(self, "editable_mode", False):
            targets.append(ROOT / PACKAGE / MANIFEST)
        for target in targets:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")

    def get_outputs(self) -> list[str]:
        outputs: list[str] = super().get_outputs()
        manifest = Path(self.build_lib) / "asobiba" / MANIFEST
        if manifest.is_file():
            outputs.append(str(manifest))
        return outputs


#: A stand-in replaced in ``OptionalCompiledCore.run``: it makes setuptools run build_ext (and tag the
#: wheel for the platform) without running mypy each time setup.py is merely asked for metadata.
PLACEHOLDER: list[Any] = [Extension("asobiba._compiled_core", sources=[])]

if __name__ == "__main__":  # so that benchmarks/compiled_candidates.py may import the list
    setup(ext_modules=PLACEHOLDER, cmdclass={"build_ext": OptionalCompiledCore})
