"""The league's files: table and individual ranking (PDF, XLSX, CSV), the match report PDF
and the season archive; written by the product's column-spec exporters."""
