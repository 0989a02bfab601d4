/**
 * The self-contained HTML page (tables and inline SVG charts) that {@code shangmi speed --html}
 * and the benchmark reports write: a tool of the CLI and the benchmarks, not part of the
 * cryptography API.
 */
package org.shangmi.report;
