"""Build, serve and test the Pao De Kuai web site: the package behind ``build.py``.

``build.py`` is the command line; this package does the work, one module per job:

- ``paths``: where things are (the repository, web/, dist/, the pinned Pyodide);
- ``shell``: logging and running commands;
- ``npm``: the pinned Pyodide runtime from npm;
- ``wheel``: the engine's wheel and its small lockfile;
- ``pyodide_node``: the build steps that run inside the shipped Pyodide under
  Node (the engine's bytecode, the trimmed standard library);
- ``js_imports``: the ES module import graph, for the modulepreload links;
- ``site``: assembling dist/ (build());
- ``transfer``: the bytes a first visit downloads, as GitHub Pages sends them;
- ``server``: the development server (tests and benchmarks use it too);
- ``browser``: finding Chromium and the flags it runs with;
- ``checks``: ``build.py test`` (tools, lint, types, node and pytest).

Tests, benchmarks and tools import it as a normal package (the repository root
on ``sys.path``).
"""
