-- Issue 43, online training: a course's name is unique in its organisation whatever its case
-- ("Fire" and "FIRE" are one course), also when two saves race past the service's check; the save
-- answers the clash as its 400 on `name`. An expression index: Prisma cannot say it, so it is not in
-- schema.prisma (which keeps the exact-name key).
CREATE UNIQUE INDEX "TrainingCourse_companyId_lower_name_key" ON "TrainingCourse" ("companyId", lower(name));
