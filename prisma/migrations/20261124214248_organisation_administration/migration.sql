-- CreateEnum
CREATE TYPE "PasswordTokenPurpose" AS ENUM ('reset', 'invitation');

-- CreateEnum
CREATE TYPE "NoticeAudience" AS ENUM ('everyone', 'workplaces', 'roles', 'suppliers');

-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "mailSenderName" TEXT,
ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'UTC';

-- AlterTable
ALTER TABLE "PasswordResetToken" ADD COLUMN     "purpose" "PasswordTokenPurpose" NOT NULL DEFAULT 'reset';

-- AlterTable
ALTER TABLE "Employee" ADD COLUMN     "managerEmployeeId" UUID;

-- AlterTable
ALTER TABLE "Notice" ADD COLUMN     "audience" "NoticeAudience" NOT NULL DEFAULT 'everyone',
ADD COLUMN     "audienceIds" UUID[],
ADD COLUMN     "isPublished" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- AlterTable
ALTER TABLE "MailMessage" ADD COLUMN     "fromName" TEXT;

-- CreateIndex
CREATE INDEX "Employee_companyId_lastName_firstName_idx" ON "Employee"("companyId", "lastName", "firstName");

