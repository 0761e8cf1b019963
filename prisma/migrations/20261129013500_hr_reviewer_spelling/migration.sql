-- The reviewer's HR form kind is spelt right in the database; the dashboard keeps the contract's
-- spelling (hrReviwer) on the wire only.
ALTER TYPE "HrSectionType" RENAME VALUE 'hrReviwer' TO 'hrReviewer';
