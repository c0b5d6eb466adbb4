/* eslint-disable */
// Generated from forms/baseInfo.schema.json (rules 7f0b4d223e2d746a) by npm run compile:validators. Do not edit.
"use strict";
export const validate = validate13;
export default validate13;
const schema14_0 = ["single","married","divorced","widowed","others"];
const schema14_1 = ["yes","no"];
const schema14_2 = ["elementary","juniorHigh","highSchool","college","graduate","other"];

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="baseInfo.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.maritalStatus === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "maritalStatus"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.education === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "education"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "maritalStatus") || (key0 === "children")) || (key0 === "education"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.maritalStatus !== undefined){
let data0 = data.maritalStatus;
if(typeof data0 !== "string"){
const err3 = {instancePath:instancePath+"/maritalStatus",schemaPath:"#/properties/maritalStatus/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!(((((data0 === "single") || (data0 === "married")) || (data0 === "divorced")) || (data0 === "widowed")) || (data0 === "others"))){
const err4 = {instancePath:instancePath+"/maritalStatus",schemaPath:"#/properties/maritalStatus/enum",keyword:"enum",params:{allowedValues: schema14_0}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.children !== undefined){
let data1 = data.children;
if(typeof data1 !== "string"){
const err5 = {instancePath:instancePath+"/children",schemaPath:"#/properties/children/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!((data1 === "yes") || (data1 === "no"))){
const err6 = {instancePath:instancePath+"/children",schemaPath:"#/properties/children/enum",keyword:"enum",params:{allowedValues: schema14_1}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.education !== undefined){
let data2 = data.education;
if(typeof data2 !== "string"){
const err7 = {instancePath:instancePath+"/education",schemaPath:"#/properties/education/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(!((((((data2 === "elementary") || (data2 === "juniorHigh")) || (data2 === "highSchool")) || (data2 === "college")) || (data2 === "graduate")) || (data2 === "other"))){
const err8 = {instancePath:instancePath+"/education",schemaPath:"#/properties/education/enum",keyword:"enum",params:{allowedValues: schema14_2}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}
