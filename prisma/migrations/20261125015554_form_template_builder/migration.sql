-- AlterTable
ALTER TABLE "FormTemplate" ADD COLUMN     "draft" JSONB,
ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "updatedByUserId" UUID;

-- AlterTable
ALTER TABLE "FormTemplateVersion" ADD COLUMN     "publishedByUserId" UUID;

-- AlterTable
ALTER TABLE "TemplateSection" ADD COLUMN     "isCollapsed" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "TemplateField" ADD COLUMN     "fieldKey" TEXT,
ADD COLUMN     "helpText" TEXT;

