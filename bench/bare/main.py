# Intentionally empty: bench/boot.py measures the bare PyScript boot.
