"""Exports of a built kit to places other than a home printer (digital tables, print shops): views of the
same rendered faces as the PDF kit, never new drawing code."""
