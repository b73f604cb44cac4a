-- Temporal keeps its own databases beside Pith's in the same PostgreSQL server.
CREATE DATABASE temporal;
CREATE DATABASE temporal_visibility;
