#!/bin/sh
# Run once by the postgres image's entrypoint, as the superuser, when it initializes an empty volume
# (/docker-entrypoint-initdb.d): the role the app logs in as, with only what it needs, and its database.
#
# The app's role `atlas` is no superuser and may create no roles or databases; it owns the database
# `atlas` and its schema `public`, where it creates and migrates its tables, and nothing else. Nobody
# else may connect to that database. Its password is the first line of the Docker secret
# atlas_db_password (ATLAS_PASSWORD_FILE elsewhere, as the tests run this against their own server).
set -eu
password_file=${ATLAS_PASSWORD_FILE:-/run/secrets/atlas_db_password}
password=$(head -n 1 "$password_file")
[ -n "$password" ] || { echo "atlas-role: $password_file holds no password" >&2; exit 1; }

# psql's :'password' quotes the value as a literal, whatever it holds.
psql -v ON_ERROR_STOP=1 -v password="$password" --username "${POSTGRES_USER:-postgres}" --dbname postgres <<'SQL'
CREATE ROLE atlas LOGIN PASSWORD :'password' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
CREATE DATABASE atlas OWNER atlas;
REVOKE ALL ON DATABASE atlas FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE atlas TO atlas;
\connect atlas
ALTER SCHEMA public OWNER TO atlas;
REVOKE ALL ON SCHEMA public FROM PUBLIC;
SQL
