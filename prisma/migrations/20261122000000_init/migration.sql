-- CreateEnum
CREATE TYPE "UserType" AS ENUM ('employee', 'supplier', 'company');

-- CreateEnum
CREATE TYPE "SignInMethod" AS ENUM ('password', 'microsoft', 'google');

-- CreateEnum
CREATE TYPE "LinkResource" AS ENUM ('submission', 'action', 'supplierAssignment', 'employeeClockIn');

-- CreateEnum
CREATE TYPE "SsoProviderKind" AS ENUM ('microsoft', 'google');

-- CreateEnum
CREATE TYPE "RiskColour" AS ENUM ('green', 'orange', 'red', 'yellow');

-- CreateEnum
CREATE TYPE "FormType" AS ENUM ('form-submission', 'supplier', 'hr', 'qr');

-- CreateEnum
CREATE TYPE "BranchType" AS ENUM ('manualEntry', 'employeeBranch');

-- CreateEnum
CREATE TYPE "SectionMandatoryType" AS ENUM ('newEntry', 'investigation');

-- CreateEnum
CREATE TYPE "ActionType" AS ENUM ('internal', 'external');

-- CreateEnum
CREATE TYPE "AttachmentOwner" AS ENUM ('submission', 'action', 'notice', 'auditTask', 'obligationTask', 'company', 'employee');

-- CreateEnum
CREATE TYPE "NoticePriority" AS ENUM ('none', 'high', 'medium', 'low');

-- CreateEnum
CREATE TYPE "ApprovalStatus" AS ENUM ('requested', 'approved', 'rejected');

-- CreateEnum
CREATE TYPE "ReviewItemType" AS ENUM ('document', 'riskRegister', 'hazardousRegister', 'obligation');

-- CreateEnum
CREATE TYPE "ScheduledSection" AS ENUM ('audit', 'reminder');

-- CreateEnum
CREATE TYPE "FrequencyUnit" AS ENUM ('fiveYears', 'fourYears', 'threeYears', 'biYear', 'years', 'halfYear', 'quarterly', 'biMonth', 'months', 'fortnight', 'weeks', 'weekDays', 'days');

-- CreateEnum
CREATE TYPE "HrSectionType" AS ENUM ('hrAssessment', 'hrReviwer', 'performanceReview');

-- CreateEnum
CREATE TYPE "AssignmentStatus" AS ENUM ('assigned', 'submitted', 'reviewed', 'closed');

-- CreateEnum
CREATE TYPE "RequirementAppliesTo" AS ENUM ('company', 'personnel');

-- CreateEnum
CREATE TYPE "RequirementStatus" AS ENUM ('pending', 'submitted', 'approved', 'rejected');

-- CreateEnum
CREATE TYPE "MailStatus" AS ENUM ('queued', 'sent', 'failed');

-- CreateTable
CREATE TABLE "Company" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "headerTitle" TEXT,
    "logoKey" TEXT,
    "homeSiteUrl" TEXT,
    "nextFormNumber" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Company_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "username" TEXT NOT NULL,
    "email" TEXT,
    "passwordHash" TEXT,
    "userType" "UserType" NOT NULL,
    "signInMethod" "SignInMethod" NOT NULL DEFAULT 'password',
    "isForceUpdatePassword" BOOLEAN NOT NULL DEFAULT false,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "accountGroupId" UUID,
    "employeeId" UUID,
    "supplierId" UUID,
    "personnelId" UUID,
    "failedSignIns" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),
    "unsubscribedAt" TIMESTAMP(3),
    "passwordChangedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "appType" TEXT NOT NULL DEFAULT 'web',
    "ipAddress" TEXT,
    "userAgent" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "permissionsLoadedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LinkToken" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "resourceType" "LinkResource" NOT NULL,
    "resourceId" UUID NOT NULL,
    "operations" TEXT[],
    "supplierId" UUID,
    "personnelId" UUID,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "LinkToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PasswordResetToken" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "PasswordResetToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SsoProvider" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "provider" "SsoProviderKind" NOT NULL,
    "issuer" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecret" TEXT NOT NULL,
    "isEnabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SsoProvider_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Position" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Position_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Role" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "access" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Role_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AccessRestriction" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "roleId" UUID NOT NULL,
    "keyField" TEXT NOT NULL,
    "isAccess" BOOLEAN NOT NULL,

    CONSTRAINT "AccessRestriction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Workplace" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Workplace_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Branch" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "workplaceId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Branch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Employee" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "email" TEXT,
    "employeeNumber" TEXT,
    "profileImageKey" TEXT,
    "positionId" UUID,
    "roleId" UUID,
    "workplaceId" UUID,
    "branchId" UUID,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Employee_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SupplierCompany" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "logoKey" TEXT,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "supplierPortal" BOOLEAN NOT NULL DEFAULT false,
    "supplierAccess" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SupplierCompany_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Personnel" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "supplierId" UUID NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "email" TEXT,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Personnel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Asset" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Asset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Risk" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "isMaster" BOOLEAN NOT NULL DEFAULT false,
    "colour" "RiskColour" NOT NULL DEFAULT 'green',
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Risk_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HazardousSubstance" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HazardousSubstance_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FormTemplate" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "formType" "FormType" NOT NULL DEFAULT 'form-submission',
    "emailNotification" INTEGER[],
    "emailCcEmployeeIds" UUID[],
    "coordinatorEmployeeId" UUID,
    "formBranchType" "BranchType" NOT NULL DEFAULT 'manualEntry',
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "currentVersion" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FormTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FormTemplateVersion" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "templateId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FormTemplateVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TemplateSection" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "templateVersionId" UUID NOT NULL,
    "label" TEXT NOT NULL,
    "secMandatoryType" "SectionMandatoryType",
    "orderNo" INTEGER NOT NULL,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "TemplateSection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TemplateField" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "templateVersionId" UUID NOT NULL,
    "sectionId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "orderNo" INTEGER NOT NULL,
    "colSize" INTEGER,
    "isMandatory" BOOLEAN NOT NULL DEFAULT false,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "optionVal" JSONB,
    "itemList" JSONB,
    "webLink" TEXT,
    "contentEditor" TEXT,
    "placeholder" TEXT,
    "mandatoryComment" TEXT,

    CONSTRAINT "TemplateField_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FormSubmission" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "templateId" UUID NOT NULL,
    "templateVersionId" UUID NOT NULL,
    "number" INTEGER,
    "formDescription" TEXT NOT NULL,
    "formDate" DATE NOT NULL,
    "workplaceId" UUID,
    "branchId" UUID,
    "formType" "FormType" NOT NULL,
    "createdByUserId" UUID,
    "recordedByEmployeeId" UUID,
    "recordedByPersonnelId" UUID,
    "supplierId" UUID,
    "isDraft" BOOLEAN NOT NULL DEFAULT true,
    "isClosed" BOOLEAN NOT NULL DEFAULT false,
    "closedAt" TIMESTAMP(3),
    "closedByUserId" UUID,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FormSubmission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SubmissionCoordinator" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "submissionId" UUID NOT NULL,
    "employeeId" UUID NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "SubmissionCoordinator_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SubmissionValue" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "submissionId" UUID NOT NULL,
    "fieldId" UUID NOT NULL,
    "value" JSONB,
    "optionVal" JSONB,

    CONSTRAINT "SubmissionValue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SubmissionTableRow" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "submissionId" UUID NOT NULL,
    "fieldId" UUID NOT NULL,
    "rowIndex" INTEGER NOT NULL,
    "cells" JSONB NOT NULL,

    CONSTRAINT "SubmissionTableRow_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Action" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "submissionId" UUID NOT NULL,
    "fieldId" UUID,
    "taskNumber" INTEGER NOT NULL,
    "instruction" TEXT NOT NULL,
    "actionType" "ActionType" NOT NULL DEFAULT 'internal',
    "assigneeEmployeeId" UUID,
    "assigneePersonnelId" UUID,
    "dueDate" DATE NOT NULL,
    "assignedOn" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedOn" DATE,
    "isComplete" BOOLEAN NOT NULL DEFAULT false,
    "response" TEXT,
    "createdByUserId" UUID,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Action_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Attachment" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "ownerType" "AttachmentOwner" NOT NULL,
    "ownerId" UUID NOT NULL,
    "fieldId" UUID,
    "name" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "fileType" TEXT,
    "uploadedById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Attachment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChangeLog" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "entityType" TEXT NOT NULL,
    "entityId" UUID NOT NULL,
    "userId" UUID,
    "action" TEXT NOT NULL,
    "changes" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChangeLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Notice" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "priority" "NoticePriority" NOT NULL DEFAULT 'none',
    "startDate" DATE NOT NULL,
    "expireDate" DATE,
    "authorEmployeeId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Notice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Audit" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "auditDate" DATE NOT NULL,
    "ownerEmployeeId" UUID,
    "workplaceId" UUID,
    "branchId" UUID,
    "isComplete" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Audit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditQuestionTask" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "auditId" UUID NOT NULL,
    "question" TEXT NOT NULL,
    "instruction" TEXT NOT NULL,
    "assigneeType" "ActionType" NOT NULL DEFAULT 'internal',
    "assigneeEmployeeId" UUID,
    "assigneePersonnelId" UUID,
    "dueDate" DATE NOT NULL,
    "response" TEXT,
    "isComplete" BOOLEAN NOT NULL DEFAULT false,
    "completedOn" DATE,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AuditQuestionTask_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Obligation" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "ownerEmployeeId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Obligation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ObligationQuestionTask" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "obligationId" UUID NOT NULL,
    "reference" TEXT NOT NULL,
    "instruction" TEXT NOT NULL,
    "assigneeType" "ActionType" NOT NULL DEFAULT 'internal',
    "assigneeEmployeeId" UUID,
    "assigneePersonnelId" UUID,
    "dueDate" DATE NOT NULL,
    "response" TEXT,
    "isComplete" BOOLEAN NOT NULL DEFAULT false,
    "completedOn" DATE,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ObligationQuestionTask_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Document" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "ownerEmployeeId" UUID,
    "storageKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentAcknowledgement" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "documentId" UUID NOT NULL,
    "employeeId" UUID NOT NULL,
    "dueDate" DATE NOT NULL,
    "acknowledgedAt" TIMESTAMP(3),

    CONSTRAINT "DocumentAcknowledgement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentApproval" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "documentId" UUID NOT NULL,
    "employeeId" UUID NOT NULL,
    "dueDate" DATE NOT NULL,
    "status" "ApprovalStatus" NOT NULL DEFAULT 'requested',
    "decidedAt" TIMESTAMP(3),

    CONSTRAINT "DocumentApproval_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Review" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "itemType" "ReviewItemType" NOT NULL,
    "itemId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "reviewerEmployeeId" UUID NOT NULL,
    "coReviewerEmployeeId" UUID,
    "isCoReviewed" BOOLEAN NOT NULL DEFAULT false,
    "dueDate" DATE NOT NULL,
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Review_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScheduledTask" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "sectionType" "ScheduledSection" NOT NULL,
    "title" TEXT NOT NULL,
    "detail" TEXT,
    "formTemplateId" UUID,
    "formSubmissionId" UUID,
    "taskOwnerEmployeeId" UUID,
    "assignForEmployeeId" UUID,
    "workplaceId" UUID,
    "branchId" UUID,
    "frequency" "FrequencyUnit",
    "dueDate" DATE NOT NULL,
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ScheduledTask_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HrFormAssignment" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "formTemplateId" UUID NOT NULL,
    "sectionType" "HrSectionType" NOT NULL,
    "employeeId" UUID NOT NULL,
    "reviewerEmployeeId" UUID,
    "submissionId" UUID,
    "status" "AssignmentStatus" NOT NULL DEFAULT 'assigned',
    "dueDate" DATE NOT NULL,
    "closedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HrFormAssignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OnlineTrainingAssignment" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "formTemplateId" UUID NOT NULL,
    "employeeId" UUID NOT NULL,
    "reviewerEmployeeId" UUID,
    "submissionId" UUID,
    "completeBy" DATE NOT NULL,
    "expectationDuration" INTEGER NOT NULL,
    "noTestAttempt" INTEGER NOT NULL DEFAULT 1,
    "completedTestAttempt" INTEGER NOT NULL DEFAULT 0,
    "status" "AssignmentStatus" NOT NULL DEFAULT 'assigned',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OnlineTrainingAssignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SupplierAssignment" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "supplierId" UUID NOT NULL,
    "personnelId" UUID,
    "formTemplateId" UUID NOT NULL,
    "reviewerEmployeeId" UUID,
    "submissionId" UUID,
    "status" "AssignmentStatus" NOT NULL DEFAULT 'assigned',
    "dueDate" DATE NOT NULL,
    "closedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SupplierAssignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RequirementType" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "appliesTo" "RequirementAppliesTo" NOT NULL,

    CONSTRAINT "RequirementType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SupplierRequirement" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "supplierId" UUID NOT NULL,
    "personnelId" UUID,
    "requirementTypeId" UUID NOT NULL,
    "reviewerEmployeeId" UUID,
    "status" "RequirementStatus" NOT NULL DEFAULT 'pending',
    "dueDate" DATE NOT NULL,
    "expiryDate" DATE,
    "storageKey" TEXT,
    "reviewedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SupplierRequirement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TimesheetRecord" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "employeeId" UUID NOT NULL,
    "workplaceId" UUID,
    "branchId" UUID,
    "fullName" TEXT NOT NULL,
    "signInNote" TEXT,
    "signInAt" TIMESTAMP(3) NOT NULL,
    "signOutAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TimesheetRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MailMessage" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "toAddress" TEXT NOT NULL,
    "ccAddresses" TEXT[],
    "subject" TEXT NOT NULL,
    "textBody" TEXT NOT NULL,
    "htmlBody" TEXT NOT NULL,
    "attachments" JSONB,
    "category" TEXT NOT NULL,
    "status" "MailStatus" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_username_key" ON "User"("username");

-- CreateIndex
CREATE UNIQUE INDEX "User_employeeId_key" ON "User"("employeeId");

-- CreateIndex
CREATE UNIQUE INDEX "User_personnelId_key" ON "User"("personnelId");

-- CreateIndex
CREATE INDEX "User_companyId_idx" ON "User"("companyId");

-- CreateIndex
CREATE INDEX "User_accountGroupId_idx" ON "User"("accountGroupId");

-- CreateIndex
CREATE INDEX "User_email_idx" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Session_tokenHash_key" ON "Session"("tokenHash");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "LinkToken_tokenHash_key" ON "LinkToken"("tokenHash");

-- CreateIndex
CREATE INDEX "LinkToken_companyId_resourceType_resourceId_idx" ON "LinkToken"("companyId", "resourceType", "resourceId");

-- CreateIndex
CREATE UNIQUE INDEX "PasswordResetToken_tokenHash_key" ON "PasswordResetToken"("tokenHash");

-- CreateIndex
CREATE INDEX "PasswordResetToken_userId_idx" ON "PasswordResetToken"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "SsoProvider_companyId_provider_key" ON "SsoProvider"("companyId", "provider");

-- CreateIndex
CREATE UNIQUE INDEX "Position_companyId_name_key" ON "Position"("companyId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Role_companyId_name_key" ON "Role"("companyId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "AccessRestriction_companyId_roleId_keyField_key" ON "AccessRestriction"("companyId", "roleId", "keyField");

-- CreateIndex
CREATE UNIQUE INDEX "Workplace_companyId_name_key" ON "Workplace"("companyId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Branch_companyId_workplaceId_name_key" ON "Branch"("companyId", "workplaceId", "name");

-- CreateIndex
CREATE INDEX "Employee_companyId_isActive_idx" ON "Employee"("companyId", "isActive");

-- CreateIndex
CREATE UNIQUE INDEX "Employee_companyId_employeeNumber_key" ON "Employee"("companyId", "employeeNumber");

-- CreateIndex
CREATE UNIQUE INDEX "SupplierCompany_companyId_name_key" ON "SupplierCompany"("companyId", "name");

-- CreateIndex
CREATE INDEX "Personnel_companyId_supplierId_idx" ON "Personnel"("companyId", "supplierId");

-- CreateIndex
CREATE UNIQUE INDEX "Asset_companyId_name_key" ON "Asset"("companyId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Risk_companyId_name_key" ON "Risk"("companyId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "HazardousSubstance_companyId_name_key" ON "HazardousSubstance"("companyId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "FormTemplate_companyId_name_key" ON "FormTemplate"("companyId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "FormTemplateVersion_companyId_templateId_version_key" ON "FormTemplateVersion"("companyId", "templateId", "version");

-- CreateIndex
CREATE INDEX "TemplateSection_templateVersionId_idx" ON "TemplateSection"("templateVersionId");

-- CreateIndex
CREATE INDEX "TemplateField_templateVersionId_idx" ON "TemplateField"("templateVersionId");

-- CreateIndex
CREATE INDEX "FormSubmission_companyId_templateId_formDate_idx" ON "FormSubmission"("companyId", "templateId", "formDate");

-- CreateIndex
CREATE INDEX "FormSubmission_companyId_createdAt_idx" ON "FormSubmission"("companyId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "FormSubmission_companyId_number_key" ON "FormSubmission"("companyId", "number");

-- CreateIndex
CREATE INDEX "SubmissionCoordinator_companyId_employeeId_position_idx" ON "SubmissionCoordinator"("companyId", "employeeId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "SubmissionCoordinator_companyId_submissionId_employeeId_key" ON "SubmissionCoordinator"("companyId", "submissionId", "employeeId");

-- CreateIndex
CREATE UNIQUE INDEX "SubmissionValue_companyId_submissionId_fieldId_key" ON "SubmissionValue"("companyId", "submissionId", "fieldId");

-- CreateIndex
CREATE UNIQUE INDEX "SubmissionTableRow_companyId_submissionId_fieldId_rowIndex_key" ON "SubmissionTableRow"("companyId", "submissionId", "fieldId", "rowIndex");

-- CreateIndex
CREATE INDEX "Action_companyId_assigneeEmployeeId_isComplete_dueDate_idx" ON "Action"("companyId", "assigneeEmployeeId", "isComplete", "dueDate");

-- CreateIndex
CREATE INDEX "Action_companyId_assigneePersonnelId_isComplete_dueDate_idx" ON "Action"("companyId", "assigneePersonnelId", "isComplete", "dueDate");

-- CreateIndex
CREATE UNIQUE INDEX "Action_companyId_submissionId_taskNumber_key" ON "Action"("companyId", "submissionId", "taskNumber");

-- CreateIndex
CREATE INDEX "Attachment_companyId_ownerType_ownerId_idx" ON "Attachment"("companyId", "ownerType", "ownerId");

-- CreateIndex
CREATE INDEX "ChangeLog_companyId_entityType_entityId_createdAt_idx" ON "ChangeLog"("companyId", "entityType", "entityId", "createdAt");

-- CreateIndex
CREATE INDEX "Notice_companyId_startDate_expireDate_idx" ON "Notice"("companyId", "startDate", "expireDate");

-- CreateIndex
CREATE INDEX "Audit_companyId_ownerEmployeeId_isComplete_idx" ON "Audit"("companyId", "ownerEmployeeId", "isComplete");

-- CreateIndex
CREATE INDEX "AuditQuestionTask_companyId_assigneeEmployeeId_isComplete_d_idx" ON "AuditQuestionTask"("companyId", "assigneeEmployeeId", "isComplete", "dueDate");

-- CreateIndex
CREATE UNIQUE INDEX "Obligation_companyId_name_key" ON "Obligation"("companyId", "name");

-- CreateIndex
CREATE INDEX "ObligationQuestionTask_companyId_assigneeEmployeeId_isCompl_idx" ON "ObligationQuestionTask"("companyId", "assigneeEmployeeId", "isComplete", "dueDate");

-- CreateIndex
CREATE UNIQUE INDEX "Document_companyId_name_key" ON "Document"("companyId", "name");

-- CreateIndex
CREATE INDEX "DocumentAcknowledgement_companyId_employeeId_acknowledgedAt_idx" ON "DocumentAcknowledgement"("companyId", "employeeId", "acknowledgedAt");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentAcknowledgement_companyId_documentId_employeeId_key" ON "DocumentAcknowledgement"("companyId", "documentId", "employeeId");

-- CreateIndex
CREATE INDEX "DocumentApproval_companyId_employeeId_status_idx" ON "DocumentApproval"("companyId", "employeeId", "status");

-- CreateIndex
CREATE INDEX "Review_companyId_reviewerEmployeeId_completedAt_dueDate_idx" ON "Review"("companyId", "reviewerEmployeeId", "completedAt", "dueDate");

-- CreateIndex
CREATE INDEX "Review_companyId_coReviewerEmployeeId_completedAt_idx" ON "Review"("companyId", "coReviewerEmployeeId", "completedAt");

-- CreateIndex
CREATE INDEX "ScheduledTask_companyId_assignForEmployeeId_completedAt_due_idx" ON "ScheduledTask"("companyId", "assignForEmployeeId", "completedAt", "dueDate");

-- CreateIndex
CREATE INDEX "ScheduledTask_companyId_taskOwnerEmployeeId_completedAt_due_idx" ON "ScheduledTask"("companyId", "taskOwnerEmployeeId", "completedAt", "dueDate");

-- CreateIndex
CREATE INDEX "HrFormAssignment_companyId_employeeId_status_idx" ON "HrFormAssignment"("companyId", "employeeId", "status");

-- CreateIndex
CREATE INDEX "HrFormAssignment_companyId_reviewerEmployeeId_status_idx" ON "HrFormAssignment"("companyId", "reviewerEmployeeId", "status");

-- CreateIndex
CREATE INDEX "OnlineTrainingAssignment_companyId_employeeId_status_idx" ON "OnlineTrainingAssignment"("companyId", "employeeId", "status");

-- CreateIndex
CREATE INDEX "OnlineTrainingAssignment_companyId_reviewerEmployeeId_statu_idx" ON "OnlineTrainingAssignment"("companyId", "reviewerEmployeeId", "status");

-- CreateIndex
CREATE INDEX "SupplierAssignment_companyId_supplierId_status_idx" ON "SupplierAssignment"("companyId", "supplierId", "status");

-- CreateIndex
CREATE INDEX "SupplierAssignment_companyId_personnelId_status_idx" ON "SupplierAssignment"("companyId", "personnelId", "status");

-- CreateIndex
CREATE INDEX "SupplierAssignment_companyId_reviewerEmployeeId_status_idx" ON "SupplierAssignment"("companyId", "reviewerEmployeeId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "RequirementType_companyId_name_appliesTo_key" ON "RequirementType"("companyId", "name", "appliesTo");

-- CreateIndex
CREATE INDEX "SupplierRequirement_companyId_supplierId_status_idx" ON "SupplierRequirement"("companyId", "supplierId", "status");

-- CreateIndex
CREATE INDEX "SupplierRequirement_companyId_reviewerEmployeeId_status_idx" ON "SupplierRequirement"("companyId", "reviewerEmployeeId", "status");

-- CreateIndex
CREATE INDEX "TimesheetRecord_companyId_employeeId_signInAt_idx" ON "TimesheetRecord"("companyId", "employeeId", "signInAt");

-- CreateIndex
CREATE INDEX "MailMessage_companyId_status_createdAt_idx" ON "MailMessage"("companyId", "status", "createdAt");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_employeeId_fkey" FOREIGN KEY ("employeeId") REFERENCES "Employee"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_supplierId_fkey" FOREIGN KEY ("supplierId") REFERENCES "SupplierCompany"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_personnelId_fkey" FOREIGN KEY ("personnelId") REFERENCES "Personnel"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PasswordResetToken" ADD CONSTRAINT "PasswordResetToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoProvider" ADD CONSTRAINT "SsoProvider_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccessRestriction" ADD CONSTRAINT "AccessRestriction_roleId_fkey" FOREIGN KEY ("roleId") REFERENCES "Role"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Workplace" ADD CONSTRAINT "Workplace_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Branch" ADD CONSTRAINT "Branch_workplaceId_fkey" FOREIGN KEY ("workplaceId") REFERENCES "Workplace"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Employee" ADD CONSTRAINT "Employee_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Employee" ADD CONSTRAINT "Employee_positionId_fkey" FOREIGN KEY ("positionId") REFERENCES "Position"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Employee" ADD CONSTRAINT "Employee_roleId_fkey" FOREIGN KEY ("roleId") REFERENCES "Role"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SupplierCompany" ADD CONSTRAINT "SupplierCompany_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Personnel" ADD CONSTRAINT "Personnel_supplierId_fkey" FOREIGN KEY ("supplierId") REFERENCES "SupplierCompany"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormTemplateVersion" ADD CONSTRAINT "FormTemplateVersion_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "FormTemplate"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TemplateSection" ADD CONSTRAINT "TemplateSection_templateVersionId_fkey" FOREIGN KEY ("templateVersionId") REFERENCES "FormTemplateVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TemplateField" ADD CONSTRAINT "TemplateField_templateVersionId_fkey" FOREIGN KEY ("templateVersionId") REFERENCES "FormTemplateVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TemplateField" ADD CONSTRAINT "TemplateField_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "TemplateSection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormSubmission" ADD CONSTRAINT "FormSubmission_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "FormTemplate"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormSubmission" ADD CONSTRAINT "FormSubmission_templateVersionId_fkey" FOREIGN KEY ("templateVersionId") REFERENCES "FormTemplateVersion"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SubmissionCoordinator" ADD CONSTRAINT "SubmissionCoordinator_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "FormSubmission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SubmissionValue" ADD CONSTRAINT "SubmissionValue_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "FormSubmission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SubmissionTableRow" ADD CONSTRAINT "SubmissionTableRow_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "FormSubmission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Action" ADD CONSTRAINT "Action_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "FormSubmission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditQuestionTask" ADD CONSTRAINT "AuditQuestionTask_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "Audit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ObligationQuestionTask" ADD CONSTRAINT "ObligationQuestionTask_obligationId_fkey" FOREIGN KEY ("obligationId") REFERENCES "Obligation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentAcknowledgement" ADD CONSTRAINT "DocumentAcknowledgement_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentApproval" ADD CONSTRAINT "DocumentApproval_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An employee has at most one open clock-in record, so a double tap cannot open two.
CREATE UNIQUE INDEX "TimesheetRecord_one_open_per_employee" ON "TimesheetRecord"("companyId", "employeeId") WHERE "signOutAt" IS NULL;
