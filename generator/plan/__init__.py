"""What a kit is made of, below the components that draw it: the build context and options (model.py), the
component registry (registry.py), the sheets a printer is told to print (sheets.py), the bill of materials
(bom.py) and the printing guide's content (guide.py)."""
