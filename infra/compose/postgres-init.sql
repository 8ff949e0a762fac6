-- One database per service, owned by that service alone; created on the first start of the compose postgres volume.
CREATE DATABASE kinora_auth;
CREATE DATABASE kinora_catalog;
CREATE DATABASE kinora_social;
CREATE DATABASE kinora_ads;
CREATE DATABASE kinora_analytics;
CREATE DATABASE kinora_admin;
