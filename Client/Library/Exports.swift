// The client's API speaks in the shared DTOs (Course, Role, UserProfile, …): a front end
// that imports ExamPrepClient gets them too.
@_exported import ExamPrepShared
