/* eslint-disable */
// Generated from forms/baseInfo2.schema.json (rules 43a3089fc2e0d5c0) by npm run compile:validators. Do not edit.
"use strict";
export const validate = validate13;
export default validate13;
const schema14_0 = ["dailyExpense","reimbursement","entertainment","rent","tourism","education","medical","shopping","other"];

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="baseInfo2.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.loanPurpose === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "loanPurpose"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "loanPurpose")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.loanPurpose !== undefined){
let data0 = data.loanPurpose;
if(typeof data0 !== "string"){
const err2 = {instancePath:instancePath+"/loanPurpose",schemaPath:"#/properties/loanPurpose/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(!(((((((((data0 === "dailyExpense") || (data0 === "reimbursement")) || (data0 === "entertainment")) || (data0 === "rent")) || (data0 === "tourism")) || (data0 === "education")) || (data0 === "medical")) || (data0 === "shopping")) || (data0 === "other"))){
const err3 = {instancePath:instancePath+"/loanPurpose",schemaPath:"#/properties/loanPurpose/enum",keyword:"enum",params:{allowedValues: schema14_0}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}
