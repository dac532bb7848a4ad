"""The calculators' engine as files for Pyodide, and what the offline worker keeps with it."""
