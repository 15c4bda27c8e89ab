"""Packaging beyond pyproject.toml: the named cases live in the repository's top-level `cases/`
and ship inside the package as `pbpit.cases`."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["pbpit", "pbpit.*"]), "pbpit.cases"],
    package_dir={"pbpit.cases": "cases"},
)
