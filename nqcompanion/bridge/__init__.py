"""The engine as the At the table page asks it: what its worker imports in Pyodide."""
