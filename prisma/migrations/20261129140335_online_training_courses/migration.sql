-- Issue 43, online training: the course catalogue (content and a test, published in versions as
-- templates are) and its files (docs/online-training.md).

-- AlterEnum
ALTER TYPE "AttachmentOwner" ADD VALUE 'trainingCourse';

-- CreateTable
CREATE TABLE "TrainingCourse" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "currentVersion" INTEGER NOT NULL DEFAULT 0,
    "draft" JSONB,
    "revision" INTEGER NOT NULL DEFAULT 0,
    "createdById" UUID,
    "updatedByUserId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TrainingCourse_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TrainingCourseVersion" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "courseId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "content" JSONB NOT NULL,
    "passMark" INTEGER NOT NULL,
    "attemptsAllowed" INTEGER NOT NULL,
    "expectedMinutes" INTEGER NOT NULL,
    "questionCount" INTEGER NOT NULL,
    "publishedById" UUID,
    "publishedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TrainingCourseVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TrainingCourse_companyId_isActive_name_id_idx" ON "TrainingCourse"("companyId", "isActive", "name", "id");

-- CreateIndex
CREATE UNIQUE INDEX "TrainingCourse_companyId_name_key" ON "TrainingCourse"("companyId", "name");

-- CreateIndex
CREATE INDEX "TrainingCourseVersion_companyId_courseId_idx" ON "TrainingCourseVersion"("companyId", "courseId");

-- CreateIndex
CREATE UNIQUE INDEX "TrainingCourseVersion_courseId_number_key" ON "TrainingCourseVersion"("courseId", "number");

-- AddForeignKey
ALTER TABLE "TrainingCourseVersion" ADD CONSTRAINT "TrainingCourseVersion_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "TrainingCourse"("id") ON DELETE CASCADE ON UPDATE CASCADE;

