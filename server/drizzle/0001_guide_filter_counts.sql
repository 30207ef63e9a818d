CREATE TABLE "guide_filter_counts" (
	"language" varchar(64) NOT NULL,
	"level_rank" smallint NOT NULL,
	"status" varchar(16) NOT NULL,
	"employment_type" varchar(16) NOT NULL,
	"licence_type" varchar(16) NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "guide_filter_counts_pk" PRIMARY KEY("language","level_rank","status","employment_type","licence_type")
);
