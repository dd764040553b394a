# Installation and the find_package(TraceGraph) package.
#
#   cmake --install <build> --prefix <dir>
#
# installs the public headers (include/tg, with the generated .inc files), the
# libraries, the tools (torch-to-tg among them: tools/torch-to-tg), the Python
# package in ${TG_PYTHON_INSTALL_DIR}/tracegraph, lib/python3.X/dist-packages
# under the prefix by default (its sources with the importer tracegraph.torch:
# python/CMakeLists.txt; the native modules: lib/Bindings/Python), and <dir>/lib/cmake/TraceGraph/TraceGraphConfig.cmake
# with exported targets TraceGraph::TraceGraphIR, TraceGraph::TraceGraphPasses,
# TraceGraph::TraceGraphTGToLinalg, ... so that a downstream project writes
#
#   find_package(TraceGraph CONFIG REQUIRED)   # also finds MLIR
#   target_link_libraries(my-tool PRIVATE TraceGraph::TraceGraphPasses)
#
# (see examples/downstream/ and docs/downstream.md).

include(CMakePackageConfigHelpers)

set(TG_INSTALL_CMAKE_DIR lib${LLVM_LIBDIR_SUFFIX}/cmake/TraceGraph)

# Every library that exists in this tree: later ones depend on earlier ones.
set(TG_INSTALL_LIBRARIES)
foreach(lib TraceGraphSupport TraceGraphIR TraceGraphSerialize TraceGraphSymbolize
            TraceGraphDebuginfod TraceGraphTargetDebugSection
            TraceGraphTargetPTXLineInfo TraceGraphPasses TraceGraphTGToLinalg
            TraceGraphKernelsToGPU TraceGraphPipelines)
  if(TARGET ${lib})
    list(APPEND TG_INSTALL_LIBRARIES ${lib})
  endif()
endforeach()

# What TRACEGRAPH_LIBRARIES holds: the imported targets (bare names are no
# libraries a linker finds: `-lTraceGraphSupport`).
list(TRANSFORM TG_INSTALL_LIBRARIES PREPEND "TraceGraph::"
     OUTPUT_VARIABLE TG_INSTALL_LIBRARY_TARGETS)

install(TARGETS ${TG_INSTALL_LIBRARIES}
  EXPORT TraceGraphTargets
  LIBRARY DESTINATION lib${LLVM_LIBDIR_SUFFIX}
  ARCHIVE DESTINATION lib${LLVM_LIBDIR_SUFFIX}
  RUNTIME DESTINATION bin
  # The targets only know their build-tree include folders (set through
  # include_directories); installed, the headers live in <prefix>/include.
  INCLUDES DESTINATION include)

set(TG_INSTALL_TOOLS)
foreach(tool tg-opt tg-symbolicate)
  if(TARGET ${tool})
    list(APPEND TG_INSTALL_TOOLS ${tool})
  endif()
endforeach()

# Installed binaries find LLVM's and MLIR's shared libraries where they are
# (Debian: /usr/lib/llvm-22/lib). LLVM's macros give an installed tool only
# $ORIGIN/../lib, which holds tracegraph's static libraries, not libMLIR:
# the installed tg-opt did not start ("libMLIR.so.22.1: cannot open shared
# object file"); the build tree's binaries have both.
foreach(binary tg-opt tg-symbolicate tg-ptx-lineinfo TraceGraphPython
               TraceGraphPythonCompiler)
  if(TARGET ${binary})
    set_property(TARGET ${binary} APPEND PROPERTY INSTALL_RPATH
                 "${LLVM_LIBRARY_DIR}")
  endif()
endforeach()
if(TG_INSTALL_TOOLS)
  install(TARGETS ${TG_INSTALL_TOOLS}
    EXPORT TraceGraphTargets
    RUNTIME DESTINATION bin)
endif()

# Public headers, ODS sources (for downstream tablegen) and the generated
# declarations they include.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/tg
  DESTINATION include
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/tg
  DESTINATION include
  FILES_MATCHING PATTERN "*.inc" PATTERN "*.h"
  PATTERN "CMakeFiles" EXCLUDE)

install(EXPORT TraceGraphTargets
  NAMESPACE TraceGraph::
  FILE TraceGraphTargets.cmake
  DESTINATION ${TG_INSTALL_CMAKE_DIR})

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/TraceGraphConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/TraceGraphConfig.cmake
  INSTALL_DESTINATION ${TG_INSTALL_CMAKE_DIR}
  PATH_VARS TG_INSTALL_CMAKE_DIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/TraceGraphConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/TraceGraphConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/TraceGraphConfigVersion.cmake
  DESTINATION ${TG_INSTALL_CMAKE_DIR})
