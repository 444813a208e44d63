"""PyScript glue: the only part of ``game`` that imports browser modules."""
