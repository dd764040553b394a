# Installation and the find_package(TraceGraph) package: filled in by the
# downstream-example work.
